import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, after every run, how close the slowest tests came to their timeouts. Timeouts here are hang
 * detectors sized for a loaded 2-core machine; a test that uses more than half of its limit on an idle
 * machine would time out under load, so such a test is named (and counted) at the end of the run.
 * (Hooks are not measured: vitest reports no per-hook durations.)
 */
export default class HeadroomReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows: { name: string; ms: number; limit: number }[] = [];
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const d = t.diagnostic();
        const limit = t.options.timeout ?? t.project.config.testTimeout;
        if (!d || !limit) continue;
        rows.push({
          name: `${t.project.name} ${shortPath(m.moduleId)} > ${t.fullName}`,
          ms: d.duration,
          limit,
        });
      }
    }
    if (rows.length === 0) return;
    rows.sort((a, b) => b.ms / b.limit - a.ms / a.limit);
    const over = rows.filter((r) => r.ms > r.limit / 2);
    const lines = rows.slice(0, 5).map((r) => {
      const pct = ((100 * r.ms) / r.limit).toFixed(0).padStart(3);
      return `  ${pct}%  ${(r.ms / 1000).toFixed(1)} s of ${(r.limit / 1000).toFixed(0)} s  ${r.name}`;
    });
    process.stdout.write(
      `\nTimeout headroom: ${over.length} of ${rows.length} tests used more than half of their timeout.\n` +
        `Closest to their limits:\n${lines.join('\n')}\n`,
    );
  }
}

function shortPath(id: string): string {
  const i = id.search(/\/(src-main|src-worker|src-renderer|test)\//);
  return i < 0 ? id : id.slice(i + 1);
}

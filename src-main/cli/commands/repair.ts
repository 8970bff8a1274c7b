import type { Command } from 'commander';
import { type GlobalOptions, bootFromOptions, cliLogger } from '../global-options';
import { printable } from '../printable';

/**
 * `ariadne repair`: brings a damaged library back (core/repair.ts): the graph from the newest snapshot and
 * the stored originals, the vectors from the graph, model calls answered from the kept replies. Needs the
 * library to itself (no `serve` or app holding it).
 */
export function registerRepair(program: Command) {
  program
    .command('repair')
    .description(
      'Rebuild a damaged library: the graph from its newest snapshot and stored originals, the vectors from the graph',
    )
    .option('--json', 'print the report as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOptions>();
      const log = cliLogger(g);
      const { repairLibrary, nothingToRepair } = await import('../../core/repair');
      const none = nothingToRepair(g.data);
      if (none) throw none;
      const report = await repairLibrary({
        dataDir: g.data,
        log,
        boot: async () => (await bootFromOptions(g, log, { replayKeptReplies: true })).core,
      });
      if (opts.json) return void process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      const out = (s: string) => process.stdout.write(`${s}\n`);
      out(
        report.graph === 'ok'
          ? '✓ graph: intact'
          : report.graph === 'restored'
            ? `✓ graph: restored from snapshot ${report.snapshot}`
            : '✓ graph: rebuilt from the stored originals (no snapshot to start from)',
      );
      if (report.reread.length) {
        out(`✓ ${report.reread.length} document(s) read again from their stored originals:`);
        for (const d of report.reread) out(`    ${d.status.padEnd(16)} ${printable(d.fileName)}`);
      }
      const v = report.vectors;
      out(
        `✓ vectors: ${v.setAside ? 'the index did not open and was set aside; ' : ''}` +
          (v.modelChanged ? `embedding model changed (${v.modelChanged}); ` : '') +
          `${v.chunks} passages, ${v.questions} questions and ${v.entities} entities embedded again`,
      );
      out(`✓ model calls made: ${report.modelCalls} (the kept replies answered the rest)`);
      for (const dir of report.setAside)
        out(`What was replaced is in ${dir}: delete that folder once the library looks right.`);
      if (report.reread.some((d) => d.status !== 'done')) process.exitCode = 1;
    });
}

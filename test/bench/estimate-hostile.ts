/**
 * How long `/healthz` waits while the built `serve` estimates crafted PDFs (`%PDF-1.4` then `/Count 1 `
 * repeated, no `>`: quadratic for the page-count pattern the estimate once used; 1.5 MB took 79 s).
 * Prints, per size, the estimate's time and the slowest `/healthz` answer meanwhile (target ≤ 200 ms).
 *   npm run build && npx tsx test/bench/estimate-hostile.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { craftedCountPdf, healthSettled, pollHealth } from '../helpers/health-poll';
import { startServe } from '../helpers/serve-process';

const srv = await startServe();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-estimate-bench-'));
try {
  await healthSettled(srv.origin);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.cpus().length} cores`,
  );
  for (const kb of [300, 600, 1536, 6144, 24576]) {
    const file = path.join(dir, `crafted-${kb}.pdf`);
    fs.writeFileSync(file, craftedCountPdf(kb * 1024));
    const health = pollHealth(srv.origin);
    const t = performance.now();
    const res = await fetch(`${srv.origin}/api/library:estimate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${srv.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paths: [file] }),
    });
    const out = (await res.json()) as { ok: boolean; data?: { pages: number } };
    const ms = performance.now() - t;
    const { slowest, answers } = await health.stop();
    console.log(
      `${String(kb).padStart(6)} KB  estimate ${ms.toFixed(0).padStart(6)} ms (ok ${out.ok}, ${out.data?.pages ?? '?'} pages)` +
        `  slowest /healthz ${slowest.toFixed(0).padStart(4)} ms over ${answers} answers`,
    );
  }
} finally {
  await srv.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

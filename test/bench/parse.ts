/**
 * Parse benchmark: for each shared PDF and a generated 120-page PDF, prints pages, pages/s and the CPU time
 * of Ariadne's parse (warm worker: pdf.js loaded, page reading and text assembly) divided by poppler's
 * `pdftotext` on the same file. Target: ≤ 5× pdftotext. CPU counts every thread of this process (the worker
 * included), so other processes' load inflates wall time but hardly the ratio.
 * Usage: `nice -n 5 npx tsx test/bench/parse.ts [file.pdf…]` (`npm run build` first to measure the built
 * worker; from source, tsx compiles the worker once during the warm-up).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { makeFixtures } from '../fixtures/make-fixtures';
import { makeLongPdf } from '../fixtures/long-pdf';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { builtWorkerPaths } from './built-workers';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shared = path.join(repo, '../shared/data/pdfs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ariadne-parse-bench-'));
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function files(): Promise<string[]> {
  if (process.argv.length > 2) return process.argv.slice(2);
  const out = existsSync(shared)
    ? readdirSync(shared)
        .filter((f) => f.endsWith('.pdf'))
        .sort()
        .map((f) => path.join(shared, f))
    : [];
  if (!out.length) console.log(`(${shared} absent: generated PDFs only)`);
  const fx = await makeFixtures(path.join(tmp, 'fixtures'));
  const sources = out.length ? out : fx.papers.map((p) => p.file);
  const long = path.join(tmp, 'generated-120-pages.pdf');
  writeFileSync(long, await makeLongPdf(sources, 120));
  return [...out, ...fx.papers.map((p) => p.file), long];
}

/** User + system CPU seconds of one pdftotext run, from GNU time. */
function pdftotextCpuSeconds(file: string): number {
  try {
    execFileSync('/usr/bin/time', [
      '-f',
      '%U %S',
      '-o',
      path.join(tmp, 'time.txt'),
      'pdftotext',
      '-q',
      file,
      '/dev/null',
    ]);
    const [u, s] = readFileSync(path.join(tmp, 'time.txt'), 'utf8').trim().split(/\s+/).map(Number);
    return (u ?? 0) + (s ?? 0);
  } catch {
    return NaN;
  }
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const list = await files();
const parser = createParser({
  workerPath: builtWorkerPaths()?.parse ?? SOURCE_PARSE_WORKER,
  timeoutMs: 600_000,
});
// Warm-up: start the worker and load pdf.js once, as a running app has.
await parser.parseBytes(new Uint8Array(readFileSync(list[0]!)), 'pdf');
console.log(
  'file                                              pages  pages/s  cpu(s)  pdftotext cpu(s)  ratio',
);
let worst = 0;
for (const f of list) {
  const bytes = new Uint8Array(readFileSync(f));
  let best = Infinity;
  let bestWall = Infinity;
  let pages = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = cpuSeconds();
    const t0 = performance.now();
    pages = (await parser.parseBytes(bytes, 'pdf')).pages;
    bestWall = Math.min(bestWall, (performance.now() - t0) / 1000);
    best = Math.min(best, cpuSeconds() - c0);
  }
  let pt = Infinity;
  for (let r = 0; r < ROUNDS; r++) pt = Math.min(pt, pdftotextCpuSeconds(f));
  // GNU time reports 10 ms steps: a floor keeps a 0.00 s run from dividing by zero.
  const ratio = best / Math.max(pt, 0.01);
  worst = Math.max(worst, ratio);
  console.log(
    `${path.basename(f).padEnd(50)}${String(pages).padStart(5)}${(pages / bestWall).toFixed(1).padStart(9)}` +
      `${best.toFixed(2).padStart(8)}${pt.toFixed(2).padStart(18)}${ratio.toFixed(1).padStart(7)}×`,
  );
}
console.log(
  `worst CPU ratio to pdftotext: ${worst.toFixed(1)}× (target ≤ 5×); workers started: ${parser.workersStarted()}`,
);
await parser.close();

/**
 * Peak RSS of `ariadne ingest` (the built CLI, built-in engine, a fresh library each run) against what it
 * reads: decompression bombs (must fail within 10 s under 1.5 GB), plain text of growing size, a generated
 * PDF of growing page count, and abstracts (BioRED's from /work/shared/data/biored when present, else
 * generated). Prints one row per run: input, its size, seconds, peak RSS, exit code, the document's state.
 *   npm run build && npx tsx test/bench/memory.ts [--only bombs,text,pdf,abstracts]
 * Memory should stay flat or grow linearly with a small slope; timings include the machine's load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateBombPdf } from '../fixtures/hostile-pdfs';
import { runCli, type CommandRun } from './peak-rss';

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set((process.argv[i + 1] ?? '').split(',')) : null;
})();
const wanted = (part: string) => !only || only.has(part);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-memory-bench-'));
const MB = 1024 * 1024;

function outcome(run: CommandRun): string {
  const text = `${run.stdout}\n${run.stderr}`;
  const lines = text.split('\n').map((l) => l.trim());
  // The document's state line, then the reason the CLI prints under a failed one.
  const state = lines.find((l) => /^(done|failed|partially_failed)\b/.test(l)) ?? '';
  const reason = lines[lines.indexOf(state) + 1] ?? '';
  return `${state.split(/\s+/)[0] ?? ''} ${state.startsWith('done') ? '' : reason}`.trim().slice(0, 110);
}

function row(label: string, bytes: number, run: CommandRun) {
  const size = bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    [
      label.padEnd(34),
      size.padStart(9),
      `${run.seconds.toFixed(1)} s`.padStart(8),
      `${run.peakRssMb} MB`.padStart(9),
      `exit ${run.code ?? run.signal}`.padEnd(8),
      outcome(run),
    ].join('  '),
  );
}

async function ingestOne(label: string, file: string) {
  const data = fs.mkdtempSync(path.join(work, 'lib-'));
  const run = await runCli(['--data', data, 'ingest', '--yes', file]);
  row(label, fs.statSync(file).size, run);
  fs.rmSync(data, { recursive: true, force: true });
  return run;
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${os.cpus().length} cores`,
);
console.log(
  [
    'input'.padEnd(34),
    'size'.padStart(9),
    'time'.padStart(8),
    'peak RSS'.padStart(9),
    'exit',
    'outcome',
  ].join('  '),
);

if (wanted('bombs')) {
  const bombs: [string, Uint8Array][] = [
    ['bomb: 3.5 GB, [/Flate /Flate]', deflateBombPdf(3500)],
    ['bomb: 3.5 GB, zlib refuses (pdf.js)', deflateBombPdf(3500, { badChecksum: true, nested: false })],
  ];
  for (const [label, bytes] of bombs) {
    const file = path.join(work, `${label.replace(/\W+/g, '-')}.pdf`);
    fs.writeFileSync(file, bytes);
    await ingestOne(label, file);
  }
}

fs.rmSync(work, { recursive: true, force: true });

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
import { FIXTURE_PAPERS } from '../fixtures/fixture-papers';
import { deflateBombPdf } from '../fixtures/hostile-pdfs';
import { makeLongPdf } from '../fixtures/long-pdf';
import { makeFixtures } from '../fixtures/make-fixtures';
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

/** Title and abstract of each BioRED article, or of the fixture papers when the shared data is absent. */
function abstracts(): string[] {
  const file = '/work/shared/data/biored/BioRED_train400.PubTator';
  if (fs.existsSync(file)) {
    const byId = new Map<string, string[]>();
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /^(\d+)\|[ta]\|(.*)$/.exec(line);
      if (m) byId.set(m[1]!, [...(byId.get(m[1]!) ?? []), m[2]!]);
    }
    return [...byId.values()].map((parts) => parts.join('\n\n'));
  }
  console.log(`(${file} is absent: the abstracts are the fixture papers' own, varied)`);
  return Array.from({ length: 400 }, (_, i) => {
    const p = FIXTURE_PAPERS[i % FIXTURE_PAPERS.length]!;
    return `${p.title} (${i})\n\n${p.abstract.replaceAll('TP53', `TP${53 + i}`)}`;
  });
}

/** `bytes` of prose made of abstracts, as paragraphs, or as one line when `oneLine`. */
function prose(all: string[], bytes: number, oneLine: boolean): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    // Numbered, so a repeated abstract is not the same passage twice.
    const text = `${all[i % all.length]!} [${i}]`;
    parts.push(oneLine ? text.replace(/\s+/g, ' ') : text);
    size += text.length + 2;
  }
  return parts.join(oneLine ? ' ' : '\n\n').slice(0, bytes);
}

const sizesMb = (() => {
  const i = process.argv.indexOf('--text-mb');
  return i >= 0 ? (process.argv[i + 1] ?? '').split(',').map(Number) : [0.5, 1, 2, 4, 8.5];
})();

if (wanted('text')) {
  const all = abstracts();
  for (const oneLine of [true, false])
    for (const mb of sizesMb) {
      const file = path.join(work, `${oneLine ? 'one-line' : 'prose'}-${mb}mb.txt`);
      fs.writeFileSync(file, prose(all, Math.round(mb * MB), oneLine));
      await ingestOne(`text, ${oneLine ? 'one line' : 'paragraphs'}`, file);
      fs.rmSync(file);
    }
}

if (wanted('abstracts')) {
  const all = abstracts();
  for (const n of [50, 100, 200]) {
    const dir = fs.mkdtempSync(path.join(work, 'abstracts-'));
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(dir, `abstract-${i}.txt`), all[i % all.length]!);
    const data = fs.mkdtempSync(path.join(work, 'lib-'));
    const run = await runCli(['--data', data, 'ingest', '--yes', dir]);
    const bytes = fs.readdirSync(dir).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
    row(`${n} abstracts (one file each)`, bytes, run);
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (wanted('pdf')) {
  const { papers } = await makeFixtures(fs.mkdtempSync(path.join(work, 'fixtures-')));
  for (const pages of [50, 150, 300, 600]) {
    const file = path.join(work, `generated-${pages}-pages.pdf`);
    fs.writeFileSync(
      file,
      await makeLongPdf(
        papers.map((p) => p.file),
        pages,
      ),
    );
    await ingestOne(`generated PDF, ${pages} pages`, file);
    fs.rmSync(file);
  }
}

fs.rmSync(work, { recursive: true, force: true });

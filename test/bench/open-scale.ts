/**
 * A library at scale, through the built `ariadne` command: N generated abstract-sized documents (about
 * 1,500 characters each, seeded, so every run reads the same text) are ingested with the built-in engine
 * into a fresh library in one `ingest` run, then `status` opens that library five times.
 *   npm run build && npx tsx test/bench/open-scale.ts [N=200] [--keep DIR]
 * `--keep DIR` leaves the library in DIR (it must not exist) for more runs, e.g. `status` with another build.
 * Prints:
 *   - ingest wall and CPU seconds (user + system, all threads) per document, and the peak RSS;
 *   - per vector table: fragments when the library compacted it (from the library's log; none when it
 *     did not need to) and fragments left after the run;
 *   - `status` wall and CPU, median of 5, with the load average before and after (the figures include
 *     the other processes' load), beside `--help` for the command line alone.
 * Targets (issue 32, idle machine): `status` ≤ 0.5 s at 2,000 documents; 200 abstracts in ≤ 45 s wall,
 * ≤ 400 MB peak RSS.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { VECTOR_TABLES } from '../../src-main/core/store/vector-index';

const keepAt = process.argv.indexOf('--keep');
const keep = keepAt >= 0 ? path.resolve(process.argv[keepAt + 1] ?? '') : null;
if (keep && fs.existsSync(keep)) throw new Error(`${keep} exists: --keep needs a new folder`);
const N = Number(process.argv.slice(2).find((a, i, all) => all[i - 1] !== '--keep' && a !== '--keep') ?? 200);
if (!Number.isInteger(N) || N < 1) throw new Error('usage: open-scale.ts [number of documents]');
const BIN = path.resolve(import.meta.dirname, '../../bin/ariadne.js');
if (!fs.existsSync(path.resolve(import.meta.dirname, '../../out/main/cli.js')))
  throw new Error('Build first: npm run build');
const TIME = '/usr/bin/time';
if (!fs.existsSync(TIME))
  throw new Error(`${TIME} is needed for CPU time and peak RSS (apt-get install time)`);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** mulberry32: a small seeded generator, so the documents are the same on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GENES = [
  'TP53',
  'BRCA1',
  'EGFR',
  'KRAS',
  'IL6',
  'TNF',
  'APOE',
  'MTOR',
  'PTEN',
  'VEGFA',
  'SIRT1',
  'FOXO3',
];
const CHEMICALS = [
  'metformin',
  'rapamycin',
  'cisplatin',
  'resveratrol',
  'aspirin',
  'doxorubicin',
  'curcumin',
];
const DISEASES = [
  'type 2 diabetes',
  'breast cancer',
  'Alzheimer disease',
  'colorectal cancer',
  'obesity',
  'rheumatoid arthritis',
  'hepatic steatosis',
];
const VERBS = ['increased', 'reduced', 'inhibited', 'activated', 'was associated with', 'did not change'];
const SETTINGS = [
  'in mice',
  'in human cell lines',
  'in a cohort of 412 patients',
  'in zebrafish',
  'in vitro',
];

/** One abstract: background, a few findings linking genes, chemicals and diseases, a conclusion. */
function abstract(i: number): string {
  const r = rng(i + 1);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const out = [`Background: the role of ${pick(GENES)} in ${pick(DISEASES)} remains unclear (study ${i}).`];
  while (out.join(' ').length < 1400) {
    out.push(
      `${pick(CHEMICALS)[0]!.toUpperCase()}${pick(CHEMICALS).slice(1)} treatment ${pick(VERBS)} ${pick(GENES)} expression ${pick(SETTINGS)}.`,
      `Loss of ${pick(GENES)} ${pick(VERBS)} the risk of ${pick(DISEASES)} ${pick(SETTINGS)} (p = 0.0${1 + Math.floor(r() * 9)}).`,
    );
  }
  out.push(`Conclusion: ${pick(GENES)} is a candidate target of ${pick(CHEMICALS)} in ${pick(DISEASES)}.`);
  return `Abstract ${i}\n\n${out.join(' ')}\n`;
}

interface Timed {
  wallS: number;
  cpuS: number;
  peakMb: number;
  out: string;
}

/** Runs the built CLI under /usr/bin/time: wall, CPU (user + system) and the peak RSS of the process. */
function timed(args: string[]): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(TIME, ['-f', 'TIME %U %S %M', process.execPath, BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallS = (performance.now() - t0) / 1000;
      const m = /TIME ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(err);
      if (code !== 0 || !m) return reject(new Error(`${args.join(' ')} exited ${code}:\n${out}\n${err}`));
      resolve({ wallS, cpuS: Number(m[1]) + Number(m[2]), peakMb: Number(m[3]) / 1024, out });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function fragmentsLeft(dir: string): Promise<Map<string, { fragments: number; rows: number }>> {
  const out = new Map<string, { fragments: number; rows: number }>();
  if (!fs.existsSync(dir)) return out;
  const conn = await lancedb.connect(dir);
  const names = new Set(await conn.tableNames());
  for (const name of VECTOR_TABLES) {
    if (!names.has(name)) continue;
    const t = await conn.openTable(name);
    const { fragmentStats, numRows } = await t.stats();
    out.set(name, { fragments: fragmentStats.numFragments, rows: numRows });
    t.close();
  }
  conn.close();
  return out;
}

/** Fragment counts at which the library compacted each table, from its structured log. */
function compactions(dataDir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const file = path.join(dataDir, 'logs', 'ariadne.log');
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('vector table compacted')) continue;
    try {
      // Log lines are flat JSON: { t, level, msg, ...fields }.
      const e = JSON.parse(line) as { table?: string; fragments?: number };
      if (e.table && e.fragments !== undefined) out.set(e.table, [...(out.get(e.table) ?? []), e.fragments]);
    } catch {
      // A line cut short by a crash: not ours to judge here.
    }
  }
  return out;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-open-scale-'));
try {
  const docs = path.join(work, 'abstracts');
  const data = keep ?? path.join(work, 'library');
  fs.mkdirSync(docs);
  for (let i = 0; i < N; i++)
    fs.writeFileSync(path.join(docs, `abstract-${String(i).padStart(5, '0')}.txt`), abstract(i));
  console.log(`${N} generated abstracts (~1.5 kB each); ${os.cpus().length} cores; load average ${load()}`);

  const ingest = await timed(['--data', data, '--llm', 'builtin', 'ingest', '--yes', docs]);
  console.log(
    `ingest: ${ingest.wallS.toFixed(1)} s wall, ${ingest.cpuS.toFixed(1)} s CPU; per document ` +
      `${((ingest.wallS / N) * 1000).toFixed(0)} ms wall, ${((ingest.cpuS / N) * 1000).toFixed(0)} ms CPU; ` +
      `peak RSS ${ingest.peakMb.toFixed(0)} MB; load average ${load()}`,
  );

  const left = await fragmentsLeft(path.join(data, 'vectors'));
  const compacted = compactions(data);
  for (const [name, { fragments, rows }] of left) {
    const at = compacted.get(name);
    console.log(
      `  ${name.padEnd(12)} ${String(rows).padStart(6)} rows: ` +
        `${at ? `compacted at ${at.join(', ')} fragments` : 'not compacted'}, ${fragments} fragment(s) left`,
    );
  }

  const before = load();
  const help: Timed[] = [];
  const status: Timed[] = [];
  for (let i = 0; i < 5; i++) {
    help.push(await timed(['--help']));
    status.push(await timed(['--data', data, 'status']));
  }
  const row = (label: string, runs: Timed[]) =>
    console.log(
      `${label.padEnd(8)} median of 5: ${(median(runs.map((r) => r.wallS)) * 1000).toFixed(0)} ms wall, ` +
        `${(median(runs.map((r) => r.cpuS)) * 1000).toFixed(0)} ms CPU, peak RSS ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB`,
    );
  const listed = status[0]!.out.split('\n').filter((l) => /chunks/.test(l)).length;
  row('status', status);
  row('--help', help);
  console.log(`status listed ${listed} documents; load average before ${before}, after ${load()}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

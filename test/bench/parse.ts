/**
 * Ingest CPU benchmark: for each shared PDF (../shared/data/pdfs and the hostile ones in
 * ../shared/data/pdfs-hostile that parse) and a generated 120-page PDF, prints pages, pages/s of the parse,
 * and the CPU time of Ariadne's whole built-in ingest of the document divided by poppler's `pdftotext` on
 * the same file. Target: ≤ 5× pdftotext.
 *
 * "Whole built-in ingest" is everything from the import request to the document's job ending: copying the
 * original, parsing (pdf.js in the warm parse worker, text assembly, line geometry and its file), passages,
 * the built-in engine's extraction and questions (ingest worker), its hashed vectors, resolution, and every
 * graph (Kùzu) and vector (LanceDB) write. Each file gets a fresh library whose core is warmed by ingesting
 * one small fixture paper, as a running app has its workers started, pdf.js and wink-nlp loaded and its
 * tables created; the file is then ingested ROUNDS + 1 times (default ROUNDS 3), deleted after each
 * (not measured). `first` is the first of these: the first document a started app reads, with much of its
 * code still being compiled; `warm` the best of the others, what an app that has read a few documents
 * spends per document. Not counted: opening the library, the warm-up, deletes, and the community detection
 * the library runs in the background a few seconds after ingestion settles (library upkeep, not this
 * document's reading).
 *
 * CPU is user + system time of this process, every thread included (the parse and ingest workers, V8's
 * compiler and GC threads, Kùzu's and LanceDB's native threads), so other processes' load inflates wall
 * time but hardly the ratio. pdftotext's CPU is measured over PDFTOTEXT_RUNS runs (default 20) from one
 * shell, whose `times` reports the children's CPU to the millisecond, minus the same loop running
 * /bin/true (the shell's fork costs pdftotext nothing), divided by the runs: GNU time's 10 ms steps are
 * coarser than pdftotext on a short paper. `parse` is the parse alone in a warm worker (best of ROUNDS),
 * and the stage columns split the warm ingest at the job's progress events: parsing (with the copy),
 * chunking, extracting (passages, questions and vectors), resolving and persisting (the commit).
 *
 * STAGES=1 (Linux: it reads /proc) adds, under each file, where the CPU of one more warm ingest goes: per
 * thread (main, parse and ingest workers, V8's platform threads, libuv's pool, Kùzu's and LanceDB's
 * threads) and, inside the JavaScript threads, per stage from their CPU profiles (see cpu-breakdown.ts).
 * That round runs the workers from source with the profiler on, so its total is higher than `warm`; its
 * shares are what it is for.
 *
 * Usage: `nice -n 5 npx tsx test/bench/parse.ts [file.pdf…]` (`npm run build` first to measure the built
 * workers the app runs; from source, tsx compiles the workers during the warm-up).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser, type Parser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeFixtures } from '../fixtures/make-fixtures';
import { makeLongPdf } from '../fixtures/long-pdf';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { ctx, ingestAll, openCore } from '../integration/ingest/harness';
import { builtWorkerPaths } from './built-workers';
import { categorise, countCalls, profiled, taggedWorkers, threadCensus, threadMeter } from './cpu-breakdown';
import { pdfsIn } from './pdf-files';

// Before anything else starts threads: which ones Node itself runs (see cpu-breakdown.ts).
const census = threadCensus();

const repo = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ariadne-parse-bench-'));
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PDFTOTEXT_RUNS = Number(process.env.PDFTOTEXT_RUNS ?? 20);
const workers = builtWorkerPaths();
/** STAGES=1: after each file's figures, where one more (profiled) warm ingest of it spends its CPU. */
const STAGES = process.env.STAGES === '1';

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** The files to measure, and the fixture paper each core is warmed with. */
async function files(parser: Parser): Promise<{ list: string[]; warm: string }> {
  const fx = await makeFixtures(path.join(tmp, 'fixtures'));
  const warm = fx.papers[0]!.file;
  if (process.argv.length > 2) return { list: process.argv.slice(2), warm };
  const shared = pdfsIn(path.join(repo, '../shared/data/pdfs'));
  if (!shared.length) console.log('(../shared/data/pdfs absent: generated PDFs only)');
  // A hostile file counts when it parses; the others end as failed jobs and have no ratio to speak of.
  const hostile: string[] = [];
  for (const f of pdfsIn(path.join(repo, '../shared/data/pdfs-hostile'))) {
    const ok = await parser.parseBytes(new Uint8Array(readFileSync(f)), 'pdf').then(
      () => true,
      () => false,
    );
    if (ok) hostile.push(f);
    else console.log(`(${path.basename(f)} does not parse: left out)`);
  }
  const long = path.join(tmp, 'generated-120-pages.pdf');
  writeFileSync(long, await makeLongPdf(shared.length ? shared : fx.papers.map((p) => p.file), 120));
  // The warm-up paper is in every library already: measured again it would be a duplicate, not an ingest.
  const others = fx.papers.map((p) => p.file).filter((f) => f !== warm);
  return { list: [...shared, ...hostile, ...others, long], warm };
}

/** Children's user + system CPU seconds of a shell loop running `cmd` `runs` times, from bash's `times`. */
function loopCpuSeconds(cmd: string[], runs: number): number {
  const quoted = cmd.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  const out = execFileSync(
    'bash',
    ['-c', `for i in $(seq ${runs}); do ${quoted} >/dev/null 2>&1; done; times`],
    {
      encoding: 'utf8',
    },
  );
  // `times` prints the shell's own times, then its children's: "0m0.493s 0m0.102s".
  const child = out.trim().split('\n').at(-1) ?? '';
  const secs = [...child.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.reduce((a, b) => a + b, 0);
}

/** pdftotext's CPU seconds per run on `file`, the shell loop's own cost taken out. */
function pdftotextCpuSeconds(file: string): number {
  const loop = loopCpuSeconds(['/bin/true'], PDFTOTEXT_RUNS);
  const pt = loopCpuSeconds(['pdftotext', '-q', file, '/dev/null'], PDFTOTEXT_RUNS);
  return Math.max(0, pt - loop) / PDFTOTEXT_RUNS;
}

interface IngestCpu {
  total: number;
  /** CPU at each stage the job passed through, in order of arrival. */
  stages: Map<string, number>;
  pages: number;
  status: string;
}

/**
 * Ingests `file` `rounds` times into one fresh library warmed with `warm`, deleting it after each round
 * (not measured), and returns each round's CPU: the first is the document read right after the warm-up,
 * the others what a running app that has read a few documents spends (its workers' code compiled).
 */
async function ingestCpu(file: string, warm: string, rounds: number): Promise<IngestCpu[]> {
  const dataDir = mkdtempSync(path.join(tmp, 'lib-'));
  const core = await openCore(dataDir, createBuiltinProvider(), {}, workers);
  const out: IngestCpu[] = [];
  try {
    await ingestAll(core, [warm]);
    for (let r = 0; r < rounds; r++) {
      const stages = new Map<string, number>();
      let stage = 'import';
      let mark = cpuSeconds();
      const off = core.events.subscribe((name, payload) => {
        if (name !== 'ingest:progress') return;
        const p = payload as { stage: string };
        if (p.stage === stage) return;
        const now = cpuSeconds();
        stages.set(stage, (stages.get(stage) ?? 0) + now - mark);
        stage = p.stage;
        mark = now;
      });
      const c0 = cpuSeconds();
      const { jobs } = await ingestAll(core, [file]);
      const total = cpuSeconds() - c0;
      off();
      stages.set(stage, (stages.get(stage) ?? 0) + cpuSeconds() - mark);
      const id = jobs[0]?.docId;
      const doc = (await core.stores.graph.listDocuments()).find((d) => d.id === id);
      out.push({ total, stages, pages: doc?.pages ?? 0, status: jobs[0]?.status ?? 'missing' });
      if (id) await core.handlers['library:delete']({ documentId: id }, ctx());
    }
    return out;
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Native thread groups and the stage they serve, for the STAGES table. */
const NATIVE_STAGE: Record<string, string> = {
  'V8 platform (GC, compiler)': 'V8 GC & compiler threads',
  'libuv pool (Kùzu queries, file I/O)': 'Kùzu native (libuv pool: queries, file I/O)',
  'Kùzu threads': 'Kùzu native (its own threads)',
  'LanceDB threads': 'LanceDB native',
  'other threads': 'other threads',
};

/**
 * One warm ingest of `file`, profiled: a fresh library warmed with `warm` and one unprofiled ingest of
 * `file` (so its code is compiled), then the profiled one. Prints CPU per stage and the store calls made.
 */
async function breakdown(file: string, warm: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmp, 'stages-'));
  const source = {
    parse: SOURCE_PARSE_WORKER,
    ingest: fileURLToPath(new URL('../../src-worker/ingest-worker.ts', import.meta.url)),
  };
  const core = await openCore(dataDir, createBuiltinProvider(), {}, taggedWorkers(source, dataDir));
  try {
    await ingestAll(core, [warm]);
    const once = async () => {
      const { jobs } = await ingestAll(core, [file]);
      const id = jobs[0]?.docId;
      if (id) await core.handlers['library:delete']({ documentId: id }, ctx());
      return id;
    };
    const meter = threadMeter(census);
    await once();
    const plain = meter.stop();
    const calls = countCalls({
      graph: core.stores.graph,
      jobs: core.stores.jobs,
      vectors: core.stores.vectors,
    });
    let groups = new Map<string, number>();
    let storeCalls = new Map<string, number>();
    const profiles = await profiled(async () => {
      meter.start();
      const { jobs } = await ingestAll(core, [file]);
      groups = meter.stop();
      storeCalls = calls.take();
      const id = jobs[0]?.docId;
      if (id) await core.handlers['library:delete']({ documentId: id }, ctx());
    });
    const stages = new Map<string, number>();
    const add = (k: string, v: number) => stages.set(k, (stages.get(k) ?? 0) + v);
    const groupOf: Record<string, string> = {
      'ariadne-parse': 'parse worker',
      'ariadne-ingest': 'ingest worker',
    };
    for (const t of profiles) {
      const threadCpu = groups.get(groupOf[t.thread] ?? t.thread) ?? t.cpu;
      // The profile spans the delete too: its shares are applied to the ingest's CPU of the thread.
      for (const [c, v] of categorise(t)) add(`${c} [${t.thread}]`, (v * threadCpu) / Math.max(t.cpu, 1e-9));
    }
    // V8's profiler thread (v8:ProfEvntProc) is the profiling's own cost, not the ingest's.
    groups = new Map([...groups].filter(([g]) => !g.includes('v8:Prof')));
    for (const [g, v] of groups)
      if (!profiles.some((p) => (groupOf[p.thread] ?? p.thread) === g)) add(NATIVE_STAGE[g] ?? g, v);
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    console.log(`  stages of one profiled warm ingest: ${total.toFixed(3)} s CPU`);
    for (const [k, v] of [...stages].sort((a, b) => b[1] - a[1]))
      if (v >= 0.0005)
        console.log(`    ${v.toFixed(3).padStart(7)}  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
    const plainTotal = [...plain.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  threads of the unprofiled ingest before it (with its delete): ${plainTotal.toFixed(3)} s: ` +
        [...plain]
          .sort((a, b) => b[1] - a[1])
          .map(([g, v]) => `${g} ${v.toFixed(3)}`)
          .join(', '),
    );
    const byCount = [...storeCalls].sort((a, b) => b[1] - a[1]);
    console.log(`  store calls: ${byCount.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const parser = createParser({ workerPath: workers?.parse ?? SOURCE_PARSE_WORKER, timeoutMs: 600_000 });
const { list, warm } = await files(parser);
// Warm-up: start the worker and load pdf.js once, as a running app has.
await parser.parseBytes(new Uint8Array(readFileSync(list[0]!)), 'pdf');

const head = (s: string, n: number) => s.padStart(n);
console.log(
  'file'.padEnd(46) +
    head('pages', 6) +
    head('pages/s', 8) +
    head('parse', 7) +
    head('pdftotext', 10) +
    head('first', 7) +
    head('warm', 7) +
    head('first÷pt', 9) +
    head('warm÷pt', 8) +
    head('parse÷pt', 9) +
    '   warm ingest by stage',
);
let worstFirst = 0;
let worstWarm = 0;
for (const f of list) {
  const bytes = new Uint8Array(readFileSync(f));
  let parseCpu = Infinity;
  let wall = Infinity;
  let pages = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = cpuSeconds();
    const t0 = performance.now();
    pages = (await parser.parseBytes(bytes, 'pdf')).pages;
    wall = Math.min(wall, (performance.now() - t0) / 1000);
    parseCpu = Math.min(parseCpu, cpuSeconds() - c0);
  }
  const runs = await ingestCpu(f, warm, ROUNDS + 1);
  const first = runs[0]!;
  const warmRun = runs.slice(1).reduce((a, b) => (b.total < a.total ? b : a));
  const pt = pdftotextCpuSeconds(f);
  worstFirst = Math.max(worstFirst, first.total / pt);
  worstWarm = Math.max(worstWarm, warmRun.total / pt);
  const stages = [...warmRun.stages]
    .filter(([, c]) => c >= 0.005)
    .map(([s, c]) => `${s} ${c.toFixed(2)}`)
    .join(', ');
  const failed = runs.find((r) => r.status !== 'done');
  console.log(
    path.basename(f).slice(0, 45).padEnd(46) +
      head(String(pages), 6) +
      head((pages / wall).toFixed(1), 8) +
      head(parseCpu.toFixed(3), 7) +
      head(pt.toFixed(4), 10) +
      head(first.total.toFixed(3), 7) +
      head(warmRun.total.toFixed(3), 7) +
      head(`${(first.total / pt).toFixed(1)}×`, 9) +
      head(`${(warmRun.total / pt).toFixed(1)}×`, 8) +
      head(`${(parseCpu / pt).toFixed(1)}×`, 9) +
      `   ${failed ? `[${failed.status}] ` : ''}${stages}`,
  );
  if (STAGES) await breakdown(f, warm);
}
console.log(
  `worst ingest CPU ÷ pdftotext: first document ${worstFirst.toFixed(1)}×, warm ${worstWarm.toFixed(1)}× ` +
    `(target ≤ 5×); parse workers started: ${parser.workersStarted()}`,
);
await parser.close();
rmSync(tmp, { recursive: true, force: true });
process.exit(0);

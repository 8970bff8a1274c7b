/**
 * Where the CPU of one ingest goes, for `parse.ts` with STAGES=1: every thread of the process by what it
 * is, and the JavaScript threads (main, parse worker, ingest worker) split further by the code their
 * samples were in.
 *
 * - Per thread: `/proc/self/task/<tid>/schedstat` (nanoseconds on the CPU). Node names none of its threads,
 *   so the workers are started through small entry files that name their own thread (`/proc/thread-self/comm`)
 *   before loading the real entry. Of the threads Node starts before the bench runs, the first six after the
 *   main thread are V8's platform (GC, compiler) and the rest libuv's pool (Kùzu's queries, file I/O), as
 *   observed on Node 20; threads born later and named `node` are Kùzu's own; LanceDB names its threads
 *   (`lance-cpu`, `tokio-…`).
 * - Per category: the V8 CPU profile of each JavaScript thread over the measured ingest (the main thread's
 *   through `node:inspector`, each worker's through its own session, driven over a BroadcastChannel). Each
 *   busy sample goes to the first category matching its stack from the innermost frame out; a thread's CPU
 *   is shared out in proportion to its samples. Profiling slows the threads, so the breakdown comes from a
 *   separate, profiled round and is printed beside the unprofiled figures, not instead of them.
 * - Store calls: every GraphStore / JobStore / VectorIndex method call of the main thread during the round,
 *   counted by name (a Kùzu or LanceDB call's native work runs on other threads and cannot be traced to it).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import type { WorkerPaths } from '../../src-main/core/ingest/ingest-service';

const CHANNEL = 'ariadne-bench-cpu-profile';

export type ThreadGroup =
  | 'main thread'
  | 'parse worker'
  | 'ingest worker'
  | 'V8 platform (GC, compiler)'
  | 'libuv pool (Kùzu queries, file I/O)'
  | 'Kùzu threads'
  | 'LanceDB threads'
  | 'other threads';

interface ThreadSample {
  name: string;
  ns: number;
}

/** Every thread's CPU so far; none where there is no /proc (STAGES=1 is for Linux). */
function readThreads(): Map<string, ThreadSample> {
  const out = new Map<string, ThreadSample>();
  if (!existsSync('/proc/self/task')) return out;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      out.set(tid, { name, ns });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** Call before anything starts threads of its own: remembers which threads Node started. */
export function threadCensus(): { group: (tid: string, name: string) => ThreadGroup } {
  const main = String(process.pid);
  const early = [...readThreads().keys()].filter((t) => t !== main).sort((a, b) => Number(a) - Number(b));
  const platform = new Set(early.slice(0, 6));
  const pool = new Set(early.slice(6));
  return {
    group(tid, name) {
      if (tid === main) return 'main thread';
      if (name === 'ariadne-parse') return 'parse worker';
      if (name === 'ariadne-ingest') return 'ingest worker';
      if (name.startsWith('lance') || name.startsWith('tokio')) return 'LanceDB threads';
      if (platform.has(tid)) return 'V8 platform (GC, compiler)';
      if (pool.has(tid)) return 'libuv pool (Kùzu queries, file I/O)';
      if (name === 'node') return 'Kùzu threads';
      return 'other threads';
    },
  };
}

/** CPU seconds per thread group since `start()`; threads that ended meanwhile are not counted. */
export function threadMeter(census: ReturnType<typeof threadCensus>) {
  let before = readThreads();
  return {
    start() {
      before = readThreads();
    },
    stop(): Map<string, number> {
      const out = new Map<string, number>();
      for (const [tid, t] of readThreads()) {
        const g0 = census.group(tid, t.name);
        const g = g0 === 'other threads' ? `other threads (${t.name})` : g0;
        const d = (t.ns - (before.get(tid)?.ns ?? 0)) / 1e9;
        out.set(g, (out.get(g) ?? 0) + d);
      }
      return out;
    },
  };
}

/**
 * Entry files that name their thread, answer profile requests on the channel, then load `paths`' real
 * entries (through tsx's loader when they are TypeScript).
 */
export function taggedWorkers(paths: WorkerPaths, dir: string): WorkerPaths {
  const entry = (where: string | URL, name: string) => {
    const real = where instanceof URL ? fileURLToPath(where) : where;
    const file = path.join(dir, `${name}.mjs`);
    const url = JSON.stringify(pathToFileURL(real).href);
    // tsx's loader runs in a thread of its own, which takes its creator's name: it is born as `ariadne-tsx`.
    const load = real.endsWith('.ts')
      ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { name('ariadne-tsx'); t.register(); name(${JSON.stringify(name)}); return import(${url}); })`
      : `import(${url})`;
    writeFileSync(
      file,
      `import { writeFileSync, readFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { BroadcastChannel, threadId } from 'node:worker_threads';
const name = (n) => { try { writeFileSync('/proc/thread-self/comm', n); } catch {} };
name(${JSON.stringify(name)});
const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9;
const session = new inspector.Session();
session.connect();
const channel = new BroadcastChannel(${JSON.stringify(CHANNEL)});
channel.unref();
let c0 = 0;
channel.onmessage = ({ data }) => {
  if (data === 'start')
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 250 }, () =>
        session.post('Profiler.start', () => {
          c0 = cpu();
          channel.postMessage({ started: threadId });
        }),
      ),
    );
  if (data === 'stop')
    session.post('Profiler.stop', (err, res) =>
      channel.postMessage({ thread: ${JSON.stringify(name)}, threadId, cpu: cpu() - c0, profile: err ? null : res.profile }),
    );
};
await ${load};
`,
    );
    return file;
  };
  return { parse: entry(paths.parse, 'ariadne-parse'), ingest: entry(paths.ingest, 'ariadne-ingest') };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

export interface ThreadProfile {
  thread: string;
  /** CPU seconds of the thread over the profiled span. */
  cpu: number;
  profile: Profile | null;
}

/** Profiles the main thread and every tagged worker around `run`. */
export async function profiled(run: () => Promise<void>): Promise<ThreadProfile[]> {
  const session = new inspector.Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))),
    );
  const channel = new BroadcastChannel(CHANNEL);
  const replies: ThreadProfile[] = [];
  // The workers answer as they come: the last start is taken to be in once none came for half a second.
  let started = 0;
  let onStarted = () => undefined as void;
  let onStopped = () => undefined as void;
  let quiet: NodeJS.Timeout | undefined;
  channel.onmessage = (ev: unknown) => {
    const data = (ev as { data: { started?: number } & ThreadProfile }).data;
    if (data.started !== undefined) {
      started++;
      clearTimeout(quiet);
      quiet = setTimeout(() => onStarted(), 500);
    } else {
      replies.push(data);
      if (replies.length >= started) onStopped();
    }
  };
  const allStarted = new Promise<void>((r) => (onStarted = r));
  const allStopped = new Promise<void>((r) => (onStopped = r));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 250 });
  channel.postMessage('start');
  await allStarted;
  const mainCpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9;
  await post('Profiler.start');
  const c0 = mainCpu();
  try {
    await run();
  } finally {
    const cpu = mainCpu() - c0;
    const { profile } = await post<{ profile: Profile }>('Profiler.stop');
    channel.postMessage('stop');
    await allStopped;
    channel.close();
    session.disconnect();
    replies.push({ thread: 'main thread', cpu, profile });
  }
  return replies;
}

/** Innermost matching frame wins: a library frame is charged to the stage that called it only if unmatched. */
const CATEGORIES: [RegExp, string][] = [
  [/pdfjs-dist/, 'pdf.js text extraction'],
  [/core\/ingest\/parse\/|library\/geometry/, 'geometry & assembly'],
  [/core\/ingest\/chunk\//, 'chunking'],
  [/llm\/builtin\/embed/, 'built-in vectors'],
  [/wink-|llm\/builtin\/|llm\/tasks|src-worker\/builtin-ops|talisman/, 'built-in extraction (NLP)'],
  [/ingest\/ground\/grounding/, 'grounding'],
  [
    /store\/kuzu\/queue-records|ingest\/queue\/|runtime\/model-calls|runtime\/call-journal|pipeline\/run-step\.ts/,
    'job store & journal',
  ],
  [/store\/kuzu\/|node_modules\/kuzu\//, 'Kùzu (JS side)'],
  [/store\/lancedb\/|@lancedb|apache-arrow/, 'LanceDB (JS side)'],
  [/ingest\/resolve\/|embed-cache|embed-windows/, 'resolution & embedding queue'],
  [/ingest\/pipeline\/|store\/mentions|core\/entities\//, 'pipeline & commit'],
  [/comlink|node:internal\/worker|messageport/, 'worker messaging'],
];

/** Seconds per category for one thread: its CPU shared out by its busy samples. */
export function categorise(t: ThreadProfile): Map<string, number> {
  const out = new Map<string, number>();
  if (!t.profile) return out.set('(no profile)', t.cpu);
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of t.profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const memo = new Map<number, string | null>();
  const categoryOf = (id: number): string | null => {
    if (memo.has(id)) return memo.get(id) ?? null;
    const n = byId.get(id);
    let cat: string | null = null;
    if (n) {
      const { url, functionName } = n.callFrame;
      if (functionName === '(idle)') cat = '(idle)';
      else if (functionName === '(garbage collector)') cat = 'GC on the thread';
      else if (functionName === '(program)') cat = 'native on the thread';
      else {
        const hit = CATEGORIES.find(([re]) => re.test(url));
        cat = hit ? hit[1] : null;
        if (!cat) {
          const up = parent.get(id);
          cat = up === undefined ? null : categoryOf(up);
        }
      }
    }
    memo.set(id, cat);
    return cat;
  };
  const counts = new Map<string, number>();
  let busy = 0;
  for (const s of t.profile.samples) {
    const c = categoryOf(s) ?? 'other';
    if (c === '(idle)') continue;
    busy++;
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  for (const [c, k] of counts) out.set(c, (t.cpu * k) / Math.max(1, busy));
  return out;
}

/** Counts the main thread's calls of every method of `stores`' objects, by `object.method`. */
export function countCalls(stores: Record<string, object>): { take(): Map<string, number> } {
  const counts = new Map<string, number>();
  const seen = new Set<object>();
  for (const [label, obj] of Object.entries(stores)) {
    if (seen.has(obj)) continue;
    seen.add(obj);
    const o = obj as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      const fn = o[key];
      if (typeof fn !== 'function') continue;
      o[key] = function (this: unknown, ...args: unknown[]) {
        counts.set(`${label}.${key}`, (counts.get(`${label}.${key}`) ?? 0) + 1);
        return (fn as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  }
  return {
    take() {
      const out = new Map(counts);
      counts.clear();
      return out;
    },
  };
}

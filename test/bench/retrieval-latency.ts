/**
 * Retrieval latency on the synthetic store-benchmark library (100k entities, 1M evidence rows, 100k chunks).
 * Build it once with the store benchmark, keeping the folder, then point this at it:
 *   npx tsx test/bench/store.ts --keep /tmp/ariadne-bench-100k
 *   npx tsx test/bench/retrieval-latency.ts --library /tmp/ariadne-bench-100k [--queries 50]
 * Prints p50/p95 of graph search (one term, 3 hops; two terms) and of the QA retrieval stage (naive,
 * local, agentic) with the built-in provider: no chat model runs, so LLM time is excluded by construction.
 * The store benchmark prints the same figures after its own; this runs them alone on a kept library.
 */
import fs from 'node:fs';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import { benchRetrievalStages } from './retrieval-stages';

const opt = (name: string, def?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const dir = opt('library', '/tmp/ariadne-bench-100k')!;
const QUERIES = Number(opt('queries', '50'));
if (!fs.existsSync(`${dir}/graph.kuzu`)) {
  console.log(`No benchmark library at ${dir}: build it with  npx tsx test/bench/store.ts --keep ${dir}`);
  process.exit(0);
}

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const lib = await openLibrary({ dataDir: dir, clock: systemClock, log: createMemoryLogger() });
const counts = await lib.graph.counts();
console.log(
  `library ${dir}: ${counts.entities} entities, ${counts.evidence} evidence rows, ${counts.chunks} chunks`,
);
async function timeIt(label: string, f: () => Promise<unknown>) {
  await f(); // warm-up (name index, caches)
  const t: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const s = performance.now();
    await f();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  const p = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))]!.toFixed(1);
  console.log(`${label.padEnd(40)} p50 ${p(0.5).padStart(8)} ms   p95 ${p(0.95).padStart(8)} ms`);
}

await benchRetrievalStages(lib, timeIt, rand);
await lib.close();

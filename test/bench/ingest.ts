/**
 * Ingestion throughput against its critical path, through the Ollama simulator at a fixed per-call latency.
 * Usage: `npx tsx test/bench/ingest.ts [--docs N] [--latency L] [--concurrency P] [--block-tokens B]`.
 *
 * The lower bound: with every call taking L ms and at most P calls in flight,
 *   - one document cannot finish before its forward-summary chain (chunks − 1 sequential summaries) plus the
 *     extraction of its last chunk, which needs the last summary: chunks × L; resolution and commit add their
 *     entity-embedding calls after that, one L each;
 *   - all documents together cannot finish before totalCalls × L / P (the calls have to pass P slots).
 * So wall ≥ max(max over documents of (chunks + docLevelCalls) × L, totalCalls × L / P). Parsing, Kùzu and
 * LanceDB writes are not in the bound: the ratio wall / bound says how much they and scheduling cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { estimateTokens } from '../../src-main/core/ingest/chunk/split-blocks';
import { corpusPaths, ctx, openCore, tempDir } from '../integration/ingest/harness';
import { startSim } from '../sim/server';
import { builtWorkerPaths } from './built-workers';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '6' },
    latency: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '4' },
    'block-tokens': { type: 'string', default: '250' },
  },
});
const N = Number(values.docs);
const L = Number(values.latency);
const P = Number(values.concurrency);
const B = Number(values['block-tokens']);

const sim = await startSim({ faults: { seed: 1, default: { latencyMs: L } } });
const corpus = await corpusPaths();
// More documents than fixtures: copies of the text fixtures (PDFs cannot take an extra line without
// rewriting them) with a distinguishing line, so their content hashes differ.
const paths = corpus.slice(0, N);
const copies = tempDir('ariadne-bench-docs-');
for (let i = corpus.length; i < N; i++) {
  const src = corpus[corpus.length - 1 - (i % 2)]!;
  const file = path.join(copies, `copy-${i}${path.extname(src)}`);
  fs.writeFileSync(file, `${fs.readFileSync(src, 'utf8')}\n\nCopy ${i} of the reading notes.\n`);
  paths.push(file);
}

const metricsProvider = createOllamaProvider({
  host: sim.url,
  chatModel: 'qwen2.5:7b',
  embedModel: 'all-minilm',
  timeoutMs: 60_000,
  concurrency: P,
});
const workers = builtWorkerPaths();
const core = await openCore(
  tempDir(),
  metricsProvider,
  {
    workers: 1,
    blockTokens: B,
    llmConcurrency: P,
    perJobLlmConcurrency: P,
    maxActiveJobs: N,
  },
  workers,
);
const lag = monitorEventLoopDelay({ resolution: 10 });
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
// Time spent in each stage, summed over documents: where the wall time above the bound goes.
const stageMs = new Map<string, number>();
const current = new Map<string, { stage: string; at: number }>();
core.events.subscribe((name, payload) => {
  if (name !== 'ingest:progress') return;
  const p = payload as { documentId: string; stage: string; status: string };
  const now = performance.now();
  const prev = current.get(p.documentId);
  if (prev) stageMs.set(prev.stage, (stageMs.get(prev.stage) ?? 0) + now - prev.at);
  current.set(p.documentId, { stage: p.status === 'running' ? p.stage : p.status, at: now });
});
sim.resetStats();
lag.enable();
const t0 = performance.now();
const res = await core.handlers['library:import']({ paths }, ctx());
const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
const wall = performance.now() - t0;
lag.disable();
clearInterval(rssTimer);

const stats = sim.stats();
const calls = (stats.byEndpoint['/api/chat'] ?? 0) + (stats.byEndpoint['/api/embed'] ?? 0);
const graph = core.ingest.ctx.library.graph;
let chunks = 0;
let longest = 0;
let sourceTokens = 0;
for (const j of jobs) {
  const cs = await graph.getChunks(j.docId);
  chunks += cs.length;
  // Chain + last extraction, then resolution's and commit's entity embeddings (one batch each, usually).
  longest = Math.max(longest, cs.length + 2);
  for (const c of cs) sourceTokens += estimateTokens(c.text);
}
const bound = Math.max(longest * L, (calls * L) / P);
const m = metricsProvider.metrics.snapshot();
const ms = (x: number) => `${Math.round(x)} ms`;
console.log(`ingest bench: ${N} docs, latency ${L} ms, LLM concurrency ${P}, blocks of ${B} tokens`);
console.log(`  statuses            ${[...new Set(jobs.map((j) => j.status))].join(',')}`);
console.log(`  chunks              ${chunks}`);
console.log(`  wall time           ${ms(wall)}`);
console.log(
  `  lower bound         ${ms(bound)} (chain ${ms(longest * L)}, calls ${calls} × ${L} / ${P} = ${ms((calls * L) / P)})`,
);
console.log(`  wall / bound        ${(wall / bound).toFixed(2)}`);
console.log(`  LLM calls / chunk   ${(calls / chunks).toFixed(2)} (${JSON.stringify(stats.byEndpoint)})`);
console.log(
  `  prompt tokens / source token  ${(m.promptTokens / sourceTokens).toFixed(2)} (${m.promptTokens} estimated prompt tokens, ${sourceTokens} source tokens)`,
);
console.log(
  `  event-loop lag      p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`,
);
console.log(
  `  stage time (summed over documents) ${[...stageMs]
    .filter(([st]) => !['done', 'failed', 'partially_failed'].includes(st))
    .map(([st, t]) => `${st} ${ms(t)}`)
    .join(', ')}`,
);
console.log(`  peak RSS            ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
await core.close();
await sim.close();
process.exit(0);

/**
 * Ingestion cost and throughput through the Ollama simulator with the CLI's defaults (Settings: 2 model
 * calls in flight, 1000-token passages, 4 documents at a time), on the three shared papers
 * (../shared/data/pdfs; the generated fixtures when they are absent, and it says so).
 * Usage: `npx tsx test/bench/ingest.ts [--latency 50,1000] [--embed-latency MS] [--builtin] [--docs DIR]`.
 * `--builtin` ingests the same batch with the built-in engine too.
 *
 * Printed per latency L (every simulated model call takes L ms):
 *   - chat calls and embedding inputs per passage, embedding inputs the sim had already embedded
 *     (duplicates), prompt characters per source character: counts, unaffected by machine load;
 *   - time to the first model call, from the import request and from process start;
 *   - wall ÷ critical-path bound. A document cannot finish before its passages' chain (passage n+1's call
 *     needs passage n's summary) plus one embedding request for resolution: (passages + 1) × L after it is
 *     parsed; all documents cannot finish before (model calls × L) / P through P slots, which open when
 *     the first document is parsed. The bound is the larger of max over documents of
 *     (parse + (passages + 1) × L) and first parse + calls × L / P. Parsing is measured
 *     (the time from a job's start to its first passage call), so the ratio says what scheduling, the
 *     stores and idle slots cost; the ratio without parsing is printed too;
 *   - the import estimate (the model's speed probed on the first passage, as a drop does) against the
 *     wall, passages and chat calls it predicted: the estimate should hold within ±30%;
 *   - event-loop lag p99 and peak RSS.
 * Timings on a shared machine are inflated by its load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { AppSettings } from '../../src-main/contract/settings';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { corpusPaths, ctx, openCore, tempDir } from '../integration/ingest/harness';
import { sharedData } from '../shared-data';
import { startSim } from '../sim/server';
import { builtWorkerPaths } from './built-workers';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '50,1000' },
    /** Embedding requests' latency apart from chat's (a local embedding model answers in tens of ms). */
    'embed-latency': { type: 'string' },
    /** Also ingest the batch with the built-in engine, to hold its estimate against its wall. */
    builtin: { type: 'boolean', default: false },
    docs: { type: 'string', default: sharedData('pdfs') },
  },
});
const latencies = values.latency.split(',').map(Number);
const shared = fs.existsSync(values.docs)
  ? fs
      .readdirSync(values.docs)
      .filter((f) => f.endsWith('.pdf'))
      .sort()
      .map((f) => path.join(values.docs, f))
  : [];
if (!shared.length) console.log(`(no PDFs in ${values.docs}: using the generated fixture papers)`);
const paths = shared.length ? shared : (await corpusPaths()).slice(0, 3);
const defaults = AppSettings.parse({});
const P = defaults.concurrency;
const workers = builtWorkerPaths();
const ms = (x: number) => `${Math.round(x)} ms`;

for (const L of latencies) {
  const EL = values['embed-latency'] === undefined ? L : Number(values['embed-latency']);
  const sim = await startSim({
    faults: { seed: 1, default: { latencyMs: L }, models: { 'all-minilm': { latencyMs: EL } } },
  });
  const provider = createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
  const core = await openCore(tempDir(), provider, {}, workers);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let peakRss = process.memoryUsage().rss;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  // Per document: when its job started and when it left parsing/chunking (its first passage call).
  const started = new Map<string, number>();
  const parsed = new Map<string, number>();
  core.events.subscribe((name, payload) => {
    if (name !== 'ingest:progress') return;
    const p = payload as { documentId: string; stage: string; status: string };
    const now = performance.now();
    if (p.status === 'running' && !started.has(p.documentId)) started.set(p.documentId, now);
    if (['extracting', 'resolving'].includes(p.stage) && !parsed.has(p.documentId))
      parsed.set(p.documentId, now);
  });
  // What the drop would have been told: the model's speed probed on the first passage, as the app does.
  const est = await core.handlers['library:estimate']({ paths }, ctx());
  sim.resetStats();
  let firstCall = 0;
  const poll = setInterval(() => {
    if (!firstCall && sim.stats().peakModelCalls > 0) firstCall = performance.now();
  }, 2);
  sim.resetStats();
  lag.enable();
  const t0 = performance.now();
  const res = await core.handlers['library:import']({ paths }, ctx());
  const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
  const wall = performance.now() - t0;
  lag.disable();
  clearInterval(rssTimer);
  clearInterval(poll);

  const s = sim.stats();
  const chat = s.byEndpoint['/api/chat'] ?? 0;
  const embedCalls = s.byEndpoint['/api/embed'] ?? 0;
  const calls = chat + embedCalls;
  const graph = core.stores.graph;
  let passages = 0;
  let sourceChars = 0;
  let bound = 0;
  let boundNoParse = 0;
  for (const j of jobs) {
    const cs = await graph.getChunks(j.docId);
    passages += cs.length;
    for (const c of cs) sourceChars += c.text.length;
    const parse = (parsed.get(j.docId) ?? t0) - (started.get(j.docId) ?? t0);
    bound = Math.max(bound, parse + (cs.length + 1) * L);
    boundNoParse = Math.max(boundNoParse, (cs.length + 1) * L);
  }
  const slots = (calls * L) / P;
  // No call can go out before the first document is parsed.
  const firstParsed = Math.min(...[...parsed.values()].map((t) => t - t0));
  bound = Math.max(bound, firstParsed + slots);
  boundNoParse = Math.max(boundNoParse, slots);
  const statuses = [...new Set(jobs.map((j) => j.status))].join(',');
  console.log(
    `ingest bench: ${paths.length} documents (${paths.map((p) => path.basename(p)).join(', ')}), ` +
      `latency ${L} ms (embeddings ${EL} ms), CLI defaults: ${P} calls in flight, ${defaults.chunkTokens}-token passages`,
  );
  console.log(`  statuses                     ${statuses}; ${passages} passages`);
  console.log(`  chat calls / passage         ${(chat / passages).toFixed(2)} (${chat} calls)`);
  console.log(
    `  embedding inputs / passage   ${(s.embedInputs / passages).toFixed(2)} (${s.embedInputs} inputs in ${embedCalls} requests, ${s.duplicateEmbedInputs} duplicates)`,
  );
  console.log(
    `  prompt chars / source char   ${(s.promptChars / sourceChars).toFixed(2)} (${s.promptChars} / ${sourceChars}; ` +
      `the format schemas add ${(s.formatChars / sourceChars).toFixed(2)}: ${s.formatChars} chars)`,
  );
  console.log(
    `  first model call             ${ms(firstCall - t0)} after the import, ${ms(firstCall)} after process start`,
  );
  console.log(`  peak model calls in flight   ${s.peakModelCalls}`);
  console.log(`  wall                         ${ms(wall)}`);
  console.log(
    `  estimate / actual            wall ${(est.wallMs / wall).toFixed(2)} (${ms(est.wallMs)} / ${ms(wall)}), ` +
      `passages ${(est.passages / passages).toFixed(2)} (${est.passages} / ${passages}), ` +
      `chat calls ${(est.modelCalls / chat).toFixed(2)} (basis: ${est.basis}, ${ms(est.msPerCall ?? 0)} per call)`,
  );
  console.log(
    `  wall / bound                 ${(wall / bound).toFixed(2)} (bound ${ms(bound)}; first parse ${ms(firstParsed)}, slots ${calls} × ${L} / ${P} = ${ms(slots)})`,
  );
  console.log(
    `  wall / bound without parsing ${(wall / boundNoParse).toFixed(2)} (bound ${ms(boundNoParse)})`,
  );
  console.log(
    `  event-loop lag               p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  console.log(`  peak RSS                     ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
  await core.close();
  await sim.close();
}
if (values.builtin) {
  const core = await openCore(tempDir(), createBuiltinProvider(), {}, workers);
  const est = await core.handlers['library:estimate']({ paths }, ctx());
  const t0 = performance.now();
  const res = await core.handlers['library:import']({ paths }, ctx());
  const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
  const wall = performance.now() - t0;
  let passages = 0;
  for (const j of jobs) passages += (await core.stores.graph.getChunks(j.docId)).length;
  console.log(`ingest bench: the same ${paths.length} documents with the built-in engine`);
  console.log(`  statuses                     ${[...new Set(jobs.map((j) => j.status))].join(',')}`);
  console.log(
    `  estimate / actual            wall ${(est.wallMs / wall).toFixed(2)} (${ms(est.wallMs)} / ${ms(wall)}), ` +
      `passages ${(est.passages / passages).toFixed(2)} (${est.passages} / ${passages})`,
  );
  await core.close();
}
process.exit(0);

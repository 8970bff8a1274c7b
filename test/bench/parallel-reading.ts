/**
 * Parallel reading: five papers read by a model at `--concurrency 1` and at `--concurrency 4`, every model call
 * (chat and embeddings) taking L ms at the simulator (default 500; `--embed-latency` sets the embeddings' apart:
 * a real server embeds a batch in tens of milliseconds). The simulator counts chat calls in flight
 * (`GET /__sim/stats`: most at once, and the mean over the chat phase); printed per concurrency with the wall
 * time, then the ratio of the two walls. The acceptance: at 4, at least 3 chat calls in flight on average and at
 * most half the wall time of 1.
 *
 * The papers: the five smallest of ../shared/data/papers (the generated fixture papers when it is absent, and
 * it says so). Usage: `npx tsx test/bench/parallel-reading.ts [--latency 500] [--embed-latency MS] [--concurrency 1,4] [--endpoints 1]
 * [--docs DIR]`. With several endpoints (a simulator each), the concurrency is per endpoint, calls are summed over
 * them and the in-flight figures are the first endpoint's.
 * Timings on a shared machine are inflated by its load (print `uptime` beside them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { corpusPaths, ctx, openCore, tempDir } from '../integration/ingest/harness';
import { sharedData } from '../shared-data';
import { startSim } from '../sim/server';
import { builtWorkerPaths } from './built-workers';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '500' },
    'embed-latency': { type: 'string' },
    concurrency: { type: 'string', default: '1,4' },
    docs: { type: 'string', default: sharedData('papers') },
    count: { type: 'string', default: '5' },
    endpoints: { type: 'string', default: '1' },
  },
});
const L = Number(values.latency);
const EL = Number(values['embed-latency'] ?? L);
const count = Number(values.count);
const endpoints = Math.max(1, Number(values.endpoints));
const shared = fs.existsSync(values.docs)
  ? fs
      .readdirSync(values.docs)
      .filter((f) => f.endsWith('.pdf') && !f.includes('garbled'))
      .map((f) => path.join(values.docs, f))
      .sort((a, b) => fs.statSync(a).size - fs.statSync(b).size)
      .slice(0, count)
  : [];
if (!shared.length) console.log(`(no PDFs in ${values.docs}: using the generated fixture papers)`);
const paths = shared.length ? shared : (await corpusPaths()).slice(0, count);
const workers = builtWorkerPaths();
const ms = (x: number) => `${(x / 1000).toFixed(1)} s`;

console.log(
  `parallel reading: ${paths.length} documents (${paths.map((p) => path.basename(p)).join(', ')}), ` +
    `every chat call ${L} ms, every embedding request ${EL} ms; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
);
const walls = new Map<number, number>();
for (const n of values.concurrency.split(',').map(Number)) {
  const sims = await Promise.all(
    Array.from({ length: endpoints }, () =>
      startSim({
        faults: { seed: 1, default: { latencyMs: L }, models: { 'all-minilm': { latencyMs: EL } } },
      }),
    ),
  );
  const [host, ...moreHosts] = sims.map((s) => s.url);
  const provider = createOllamaProvider({
    host: host ?? '',
    moreHosts,
    chatModel: 'qwen2.5:7b',
    embedModel: 'all-minilm',
  });
  const core = await openCore(tempDir(), provider, { llmConcurrency: n }, workers);
  for (const sim of sims) sim.resetStats();
  const t0 = performance.now();
  const res = await core.handlers['library:import']({ paths }, ctx());
  const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
  const wall = performance.now() - t0;
  walls.set(n, wall);
  const all = sims.map((sim) => sim.stats());
  const s = all[0];
  if (!s) throw new Error('no simulator');
  let passages = 0;
  for (const j of jobs) passages += (await core.stores.graph.getChunks(j.docId)).length;
  const sum = (f: (x: (typeof all)[number]) => number) => all.reduce((t, x) => t + f(x), 0);
  const chat = sum((x) => x.byEndpoint['/api/chat'] ?? 0);
  console.log(`--concurrency ${n}` + (endpoints > 1 ? ` on each of ${endpoints} endpoints` : ''));
  if (endpoints > 1) {
    const per = all.map(
      (x) => `${x.byEndpoint['/api/chat'] ?? 0} chat (max ${x.chatInFlight.peak} in flight)`,
    );
    console.log(`  per endpoint            ${per.join('; ')}`);
  }
  console.log(
    `  statuses                ${[...new Set(jobs.map((j) => j.status))].join(',')}; ${passages} passages`,
  );
  console.log(
    `  chat calls in flight    max ${s.chatInFlight.peak}, mean ${s.chatInFlight.meanOverSpan.toFixed(2)} over the chat phase (${ms(s.chatInFlight.spanMs)}), ${s.chatInFlight.meanWhileBusy.toFixed(2)} while any was open`,
  );
  console.log(`  model calls in flight   max ${s.peakModelCalls} (chat and embeddings)`);
  console.log(
    `  calls                   ${chat} chat (${(chat / passages).toFixed(2)} per passage), ${sum((x) => x.byEndpoint['/api/embed'] ?? 0)} embedding requests with ${sum((x) => x.embedInputs)} inputs (${sum((x) => x.duplicateEmbedInputs)} duplicates)`,
  );
  console.log(`  wall                    ${ms(wall)}`);
  await core.close();
  for (const sim of sims) await sim.close();
}
const [a, b] = [...walls.values()];
if (walls.size === 2 && a && b)
  console.log(`wall ratio ${(b / a).toFixed(2)} (${[...walls.keys()].join(' vs ')})`);
process.exit(0);

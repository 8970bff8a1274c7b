/**
 * Reads during an ingest: 50 clients call `library:list` over HTTP, each as soon as its previous call
 * returned, while the real PDFs of /work/shared/data/pdfs (and a few more documents already listed) are
 * ingested with the built-in engine. Prints the latency percentiles and the number of calls.
 *   npx tsx test/bench/read-latency.ts [--clients 50] [--pdfs /work/shared/data/pdfs]
 * Target: p95 ≤ 500 ms. Timings on a shared machine include the other processes' load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench-server';

const opt = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : def;
};
const CLIENTS = Number(opt('clients', '50'));
const PDFS = opt('pdfs', '/work/shared/data/pdfs');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-read-bench-'));
const { core, server, token, close } = await startBenchServer(dataDir);
const files = fs
  .readdirSync(PDFS)
  .filter((f) => f.endsWith('.pdf'))
  .map((f) => path.join(PDFS, f));
const ctx = { signal: new AbortController().signal, emit: () => undefined };
const { added } = await core.handlers['library:import']({ paths: files }, ctx);
console.log(`ingesting ${added.length} PDFs from ${PDFS}; ${CLIENTS} clients call library:list meanwhile`);

let ingesting = true;
const ingest = core.ingest.waitFor(added.map((a) => a.id)).then(() => (ingesting = false));
const times: number[] = [];
let errors = 0;
async function client() {
  while (ingesting) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/api/library:list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: '{}',
    });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    times.push(performance.now() - t);
  }
}
const started = performance.now();
await Promise.all([ingest, ...Array.from({ length: CLIENTS }, client)]);
const secs = (performance.now() - started) / 1000;
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
console.log(
  `library:list during ingest: ${times.length} calls in ${secs.toFixed(1)} s, ${errors} errors; ` +
    `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms`,
);
console.log(`target p95 ≤ 500 ms: ${Number(p(0.95)) <= 500 ? 'met' : 'NOT met'}`);
await close();
fs.rmSync(dataDir, { recursive: true, force: true });

/**
 * Store benchmark: builds a synthetic library and prints latency percentiles. Not a test.
 *   npx tsx test/bench/store.ts [--entities 100000] [--evidence 1000000] [--chunks 100000] [--dim 384]
 *                               [--queries 50] [--keep DIR | --reuse DIR]
 * Scale down for a quick run: npx tsx test/bench/store.ts --entities 5000 --evidence 50000 --chunks 5000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import type { ChunkEvidence } from '../../src-main/core/store/types';
import { entityIdForKey } from '../../src-main/core/store/ids';
import { benchRetrievalStages } from './retrieval-stages';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const N_ENT = arg('entities', 100_000);
const N_EV = arg('evidence', 1_000_000);
const N_CHUNKS = arg('chunks', 100_000);
const DIM = arg('dim', 384);
const QUERIES = arg('queries', 50);
const keepIdx = process.argv.indexOf('--keep');
const reuseIdx = process.argv.indexOf('--reuse');
const dir =
  reuseIdx >= 0
    ? process.argv[reuseIdx + 1]!
    : keepIdx >= 0
      ? process.argv[keepIdx + 1]!
      : fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-bench-'));
/** `--reuse DIR`: time the queries on a library a previous `--keep DIR` run built, without rebuilding. */
const reuse = reuseIdx >= 0 && fs.existsSync(path.join(dir, 'graph.kuzu'));

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
// Mild skew: low ids are mentioned more often, as popular concepts are in a real corpus.
const pickEntity = () => Math.min(N_ENT - 1, Math.floor(N_ENT * rand() ** 1.3));
const WORDS =
  'gut microbiota obesity akkermansia lipid mouse trial insulin glucose diet inflammation barrier mucin receptor signalling bacteria metabolite cohort'.split(
    ' ',
  );
const text = (n: number) =>
  Array.from(
    { length: n },
    () => WORDS[Math.floor(rand() * WORDS.length)] + (rand() < 0.3 ? String(Math.floor(rand() * 1000)) : ''),
  ).join(' ');
const vec = () => {
  const v = Array.from({ length: DIM }, () => rand() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const key = (i: number) => `entity ${i}|type${i % 7}`;
const ms = () => performance.now();

async function timeIt(label: string, f: (i: number) => Promise<unknown>) {
  const t: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const s = ms();
    await f(i);
    t.push(ms() - s);
  }
  t.sort((a, b) => a - b);
  const p = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))]!.toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${p(0.5).padStart(8)} ms   p95 ${p(0.95).padStart(8)} ms`);
}

const lib = await openLibrary({ dataDir: dir, clock: systemClock, log: createMemoryLogger() });
if (!reuse) {
  await lib.vectors.setEmbedding({ model: 'bench', dimension: DIM });
  console.log(`library ${dir}: ${N_ENT} entities, ${N_EV} evidence rows, ${N_CHUNKS} chunks, ${DIM}-d`);

  const t0 = ms();
  const CHUNKS_PER_DOC = 100;
  const nDocs = Math.ceil(N_CHUNKS / CHUNKS_PER_DOC);
  const chunkTexts: string[] = [];
  for (let d = 0; d < nDocs; d++) {
    const docId = String(d).padStart(64, '0');
    await lib.graph.upsertDocument({
      id: docId,
      title: `Paper ${d}`,
      status: 'ready',
      year: 2000 + (d % 25),
    });
    const n = Math.min(CHUNKS_PER_DOC, N_CHUNKS - d * CHUNKS_PER_DOC);
    const chunks = Array.from({ length: n }, (_, i) => {
      const t = text(60);
      chunkTexts.push(t);
      return {
        index: i,
        text: t,
        pageStart: i + 1,
        pageEnd: i + 1,
        charStart: i * 500,
        charEnd: i * 500 + t.length,
      };
    });
    await lib.graph.upsertChunks(docId, chunks);
  }
  const tDocs = ms();

  // Evidence: relations per chunk so that the total is N_EV; every entity appears at least once.
  const relPerChunk = Math.max(1, Math.round(N_EV / N_CHUNKS));
  let nextFresh = 0;
  // Large batches: each is one bulk write (COPY under the checkpoint guard), whose cost is mostly fixed.
  const BATCH = 5000;
  for (let c0 = 0; c0 < N_CHUNKS; c0 += BATCH) {
    const batch: ChunkEvidence[] = [];
    for (let c = c0; c < Math.min(N_CHUNKS, c0 + BATCH); c++) {
      const ids = new Set<number>();
      while (ids.size < 6) ids.add(nextFresh < N_ENT && ids.size < 2 ? nextFresh++ : pickEntity());
      const ents = [...ids];
      batch.push({
        docId: String(Math.floor(c / CHUNKS_PER_DOC)).padStart(64, '0'),
        chunkIndex: c % CHUNKS_PER_DOC,
        entities: ents.map((e) => ({
          key: key(e),
          name: `Entity ${e}`,
          type: `type${e % 7}`,
          description: `Description of entity ${e}.`,
          confidence: 0.5 + rand() / 2,
        })),
        relations: Array.from({ length: relPerChunk }, (_, j) => ({
          source: key(ents[j % ents.length]!),
          target: key(ents[(j + 1 + Math.floor(rand() * (ents.length - 1))) % ents.length]!),
          keywords: [WORDS[j % WORDS.length]!],
          confidence: rand(),
        })).filter((r) => r.source !== r.target),
      });
    }
    await lib.graph.addEvidence(batch);
    if ((c0 / BATCH) % 2 === 0)
      process.stdout.write(`\r  evidence ${c0}/${N_CHUNKS} chunks, ${((ms() - tDocs) / 1000).toFixed(0)} s`);
  }
  const tEvidence = ms();
  console.log('');

  for (let c0 = 0; c0 < N_CHUNKS; c0 += 5000) {
    const rows = [];
    for (let c = c0; c < Math.min(N_CHUNKS, c0 + 5000); c++) {
      rows.push({
        id: `${String(Math.floor(c / CHUNKS_PER_DOC)).padStart(64, '0')}:${c % CHUNKS_PER_DOC}`,
        docId: String(Math.floor(c / CHUNKS_PER_DOC)).padStart(64, '0'),
        text: chunkTexts[c]!,
        vector: vec(),
      });
    }
    await lib.vectors.upsert('chunks', rows);
  }
  await lib.vectors.flush();
  const tVectors = ms();
  console.log(
    `build: documents+chunks ${((tDocs - t0) / 1000).toFixed(1)} s, evidence ${((tEvidence - tDocs) / 1000).toFixed(1)} s, vectors+index ${((tVectors - tEvidence) / 1000).toFixed(1)} s, total ${((tVectors - t0) / 1000).toFixed(1)} s`,
  );
} else console.log(`reusing the library in ${dir}`);
const counts = await lib.graph.counts();
console.log(`counts: ${JSON.stringify(counts)}, chunk vectors ${await lib.vectors.count('chunks')}`);

const someEntity = () => pickEntity();
await timeIt('entity lookup by name', () => lib.graph.lookupEntity({ name: `entity ${someEntity()}` }));
await timeIt('entity lookup by key', () => lib.graph.lookupEntity({ key: key(someEntity()) }));
await timeIt('entity search (substring)', () => lib.graph.searchEntities(`entity ${someEntity()}`, 10));
await timeIt('neighbours', () => lib.graph.neighbours(entityIdForKey(key(someEntity()))));
await timeIt('2-hop expansion (≤500 entities)', () =>
  lib.graph.expand([entityIdForKey(key(someEntity()))], 2),
);
await timeIt('paths (shortest + next, ≤4 hops)', () =>
  lib.graph.paths(entityIdForKey(key(someEntity())), entityIdForKey(key(someEntity())), {
    maxLength: 4,
    limit: 10,
  }),
);
await timeIt('evidence for a pair', () => lib.graph.listEvidence(entityIdForKey(key(someEntity()))));
await timeIt('top-10 vector search', () => lib.vectors.search('chunks', vec(), { k: 10 }));
await timeIt('hybrid search (vector + FTS, RRF)', () =>
  lib.vectors.hybridSearch('chunks', { vector: vec(), text: text(3), k: 10 }),
);
await timeIt('subgraph top 200 by degree', () => lib.graph.subgraph({ top: 200 }));
console.log('');
await benchRetrievalStages(lib, timeIt, rand);

await lib.close();
if (keepIdx < 0 && reuseIdx < 0) fs.rmSync(dir, { recursive: true, force: true });

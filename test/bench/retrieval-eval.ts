/**
 * Retrieval quality on public sets. Not a test (needs ../shared/data, minutes of CPU).
 *   npx tsx test/bench/retrieval-eval.ts [--data ../shared/data] [--scifact DIR] [--multihop DIR]
 *                                        [--only scifact|multihop] [--questions 100] [--keep DIR]
 * --keep DIR keeps the ingested HotpotQA library in DIR and reuses it when DIR already holds one, so
 * retrieval can be tuned without paying for ingestion again (minutes of CPU).
 * SciFact (BEIR): nDCG@10 of lexical (BM25), vector (built-in hashed embeddings) and hybrid (RRF) chunk
 * retrieval over the 5,183 abstracts (published BM25: 0.665).
 * HotpotQA (HippoRAG subset): supporting-passage recall@2 and @5 of naive, local and agentic retrieval,
 * after ingesting the 994 passages through the real pipeline with the built-in provider; passage search
 * alone (lexical, vector, hybrid) is printed first as the reference.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createCore } from '../../src-main/core/create-core';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../../src-main/core/llm/tasks';
import { makeQaContext, retrieve, searchChunks, type ChunkSearchMode } from '../../src-main/core/retrieval';
import { builtWorkerPaths } from './built-workers';

const opt = (name: string, def?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const dataRoot = path.resolve(opt('data', path.join(process.cwd(), '../shared/data'))!);
const scifactDir = path.resolve(opt('scifact', path.join(dataRoot, 'scifact'))!);
const multihopDir = path.resolve(opt('multihop', path.join(dataRoot, 'multihop'))!);
const only = opt('only');
const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

function ndcg10(ranked: string[], relevant: Map<string, number>): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    const g = relevant.get(id) ?? 0;
    if (g) dcg += (2 ** g - 1) / Math.log2(i + 2);
  });
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return idcg ? dcg / idcg : 0;
}

async function scifact() {
  const files = ['corpus.jsonl.gz', 'queries.jsonl', 'qrels.tsv'].map((f) => path.join(scifactDir, f));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length)
    return console.log(`SciFact: SKIPPED — missing ${missing.join(', ')} (pass --scifact DIR or --data DIR)`);
  const corpus = zlib
    .gunzipSync(fs.readFileSync(files[0]!))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { _id: string; title: string; text: string });
  const qrels = new Map<string, Map<string, number>>();
  for (const line of fs.readFileSync(files[2]!, 'utf8').split('\n').slice(1)) {
    const [q, d, s] = line.trim().split('\t');
    if (!q || !d) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(s ?? 1));
  }
  const queries = fs
    .readFileSync(files[1]!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { _id: string; text: string })
    .filter((q) => qrels.has(q._id));
  const provider = createBuiltinProvider();
  const tasks = createTasks(provider);
  const lib = await openLibrary({
    dataDir: tmp('ariadne-scifact-'),
    clock: systemClock,
    log: createMemoryLogger(),
  });
  try {
    const t0 = performance.now();
    await lib.vectors.setEmbedding({ model: tasks.embedModel, dimension: await tasks.dimension() });
    // Only the chunk table is needed for chunk retrieval: one chunk per abstract, keyed by the corpus id.
    for (let i = 0; i < corpus.length; i += 500) {
      const part = corpus.slice(i, i + 500);
      const texts = part.map((d) => `${d.title}\n${d.text}`);
      const vecs = await tasks.embed(texts);
      await lib.vectors.upsert(
        'chunks',
        part.map((d, j) => ({ id: d._id, docId: d._id, text: texts[j]!, vector: vecs[j]! })),
      );
    }
    await lib.vectors.flush();
    console.log(
      `SciFact: ${corpus.length} abstracts indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${queries.length} test claims`,
    );
    for (const mode of ['lexical', 'vector', 'hybrid'] as ChunkSearchMode[]) {
      let sum = 0;
      const t1 = performance.now();
      for (const q of queries) {
        const hits = await searchChunks(lib, tasks, q.text, { k: 10, mode });
        sum += ndcg10(
          hits.map((h) => h.id),
          qrels.get(q._id)!,
        );
      }
      console.log(
        `  ${mode.padEnd(8)} nDCG@10 ${(sum / queries.length).toFixed(4)}   (${((performance.now() - t1) / queries.length).toFixed(1)} ms/query)`,
      );
    }
    console.log('  published BM25 (BEIR): 0.665');
  } finally {
    await lib.close();
  }
}

async function multihop() {
  const qFile = path.join(multihopDir, 'hipporag_v1__hotpotqa_train.json');
  const cFile = path.join(multihopDir, 'hipporag_v1__hotpotqa_train_corpus.json');
  const missing = [qFile, cFile].filter((f) => !fs.existsSync(f));
  if (missing.length)
    return console.log(
      `HotpotQA: SKIPPED — missing ${missing.join(', ')} (pass --multihop DIR or --data DIR)`,
    );
  const corpus = JSON.parse(fs.readFileSync(cFile, 'utf8')) as Record<string, string[]>;
  const limit = Number(opt('questions', '100'));
  const questions = (
    JSON.parse(fs.readFileSync(qFile, 'utf8')) as { question: string; supporting_facts: [string, number][] }[]
  ).slice(0, limit);
  const titles = Object.keys(corpus);
  const srcDir = tmp('ariadne-hotpot-src-');
  const fileToTitle = new Map<string, string>();
  titles.forEach((t, i) => {
    const name = `p${String(i).padStart(4, '0')}.txt`;
    fileToTitle.set(name, t);
    fs.writeFileSync(path.join(srcDir, name), `${t}\n\n${corpus[t]!.join('').trim()}\n`);
  });
  const keep = opt('keep');
  const reuse = !!keep && fs.existsSync(path.join(keep, 'graph.kuzu'));
  const core = await createCore({
    dataDir: keep ?? tmp('ariadne-hotpot-'),
    llm: createBuiltinProvider(),
    host: 'test',
    version: 'bench',
    log: createMemoryLogger(),
    ingest: { workers: 1 },
    workers: builtWorkerPaths(),
  });
  try {
    const t0 = performance.now();
    const ctx0 = { signal: new AbortController().signal, emit: () => undefined };
    let done = 0;
    if (reuse) done = (await core.stores.graph.listDocuments()).length;
    else {
      const res = await core.handlers['library:import'](
        { paths: titles.map((_, i) => path.join(srcDir, `p${String(i).padStart(4, '0')}.txt`)) },
        ctx0,
      );
      const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
      done = jobs.filter((j) => j.status === 'done').length;
    }
    const lib = core.stores;
    const docTitle = new Map(
      (await lib.graph.listDocuments()).map((d) => [d.id, fileToTitle.get(d.fileName) ?? d.title]),
    );
    const counts = await lib.graph.counts();
    console.log(
      `HotpotQA: ${titles.length} passages ${reuse ? `reused from ${keep}` : 'ingested'} (${done} done) in ${((performance.now() - t0) / 1000).toFixed(0)} s: ` +
        `${counts.entities} entities, ${counts.evidence} evidence rows, ${counts.questions} atomic questions; ${questions.length} questions`,
    );
    const c = await core.retrieval.context();
    // Passage search alone (each leg, then their fusion) as the reference the modes are measured against.
    for (const leg of ['lexical', 'vector', 'hybrid'] as ChunkSearchMode[]) {
      let r2 = 0;
      let r5 = 0;
      for (const q of questions) {
        const gold = new Set(q.supporting_facts.map((f) => f[0]));
        const hits = await searchChunks(lib, c.tasks, q.question, { k: 20, mode: leg });
        const ranked = [...new Set(hits.map((h) => docTitle.get(h.docId) ?? ''))];
        r2 += ranked.slice(0, 2).filter((t) => gold.has(t)).length / gold.size;
        r5 += ranked.slice(0, 5).filter((t) => gold.has(t)).length / gold.size;
      }
      const n = questions.length;
      console.log(
        `  ${`(${leg})`.padEnd(9)} recall@2 ${(r2 / n).toFixed(3)}  recall@5 ${(r5 / n).toFixed(3)}   passage search alone`,
      );
    }
    for (const mode of ['naive', 'local', 'agentic'] as const) {
      let r2 = 0;
      let r5 = 0;
      const t1 = performance.now();
      for (const q of questions) {
        const gold = new Set(q.supporting_facts.map((f) => f[0]));
        const { ctx } = makeQaContext(c, {});
        const r = await retrieve(ctx, q.question, mode);
        const ranked = [...new Set(r.sources.map((s) => docTitle.get(s.chunk.docId) ?? ''))];
        const hit = (k: number) => ranked.slice(0, k).filter((t) => gold.has(t)).length / gold.size;
        r2 += hit(2);
        r5 += hit(5);
      }
      const n = questions.length;
      console.log(
        `  ${mode.padEnd(8)} recall@2 ${(r2 / n).toFixed(3)}  recall@5 ${(r5 / n).toFixed(3)}   (${((performance.now() - t1) / n).toFixed(0)} ms/question)`,
      );
    }
  } finally {
    await core.close();
  }
}

if (only !== 'multihop') await scifact();
if (only !== 'scifact') await multihop();

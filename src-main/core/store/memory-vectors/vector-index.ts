import { AriadneError } from '../../../contract/errors';
import {
  checkQueryDimension,
  checkRowDimensions,
  embeddingChange,
  fusedSearch,
  recordedDimension,
} from '../vector-checks';
import {
  FTS_TABLES,
  VECTOR_TABLES,
  type EmbeddingInfo,
  type EmbeddingRecord,
  type StoredVector,
  type VectorHit,
  type VectorIndex,
  type VectorTableName,
} from '../vector-index';

/** BM25 parameters (the usual defaults, also Tantivy's, which LanceDB's full-text index uses). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** Lower-cased runs of letters and digits: the simple tokenizer of LanceDB's full-text index. */
const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

interface Row extends StoredVector {
  /** Unit-length copy of `vector`, so cosine similarity is one dot product. */
  unit: Float64Array;
  terms: Map<string, number>;
  length: number;
}

function unit(v: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(v);
  const n = Math.hypot(...out);
  return n > 0 ? out.map((x) => x / n) : out;
}

function termCounts(text: string): { terms: Map<string, number>; length: number } {
  const terms = new Map<string, number>();
  const ts = tokens(text);
  for (const t of ts) terms.set(t, (terms.get(t) ?? 0) + 1);
  return { terms, length: ts.length };
}

/**
 * The vector index in memory: exhaustive cosine search and BM25 over whitespace-and-punctuation tokens. For
 * tests and throwaway libraries; nothing is written to disk, so reconciliation on the next open finds every
 * vector missing.
 */
export function openMemoryVectorIndex(deps: { record?: EmbeddingRecord } = {}): VectorIndex {
  let info: EmbeddingInfo | null = null;
  const record: EmbeddingRecord = deps.record ?? {
    get: () => info,
    set: async (i) => void (info = i),
  };
  const tables = new Map<VectorTableName, Map<string, Row>>(VECTOR_TABLES.map((n) => [n, new Map()]));
  let closed = false;

  const table = (name: VectorTableName): Map<string, Row> => {
    if (closed) throw new AriadneError('internal', 'The vector store is closed.');
    const t = tables.get(name);
    if (!t) throw new AriadneError('internal', `No vector table ${name}.`);
    return t;
  };
  const dimension = () => recordedDimension(record);
  const hit = (r: Row, score: number): VectorHit => ({ id: r.id, docId: r.docId, text: r.text, score });
  const byScore = (a: VectorHit, b: VectorHit) =>
    b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  const index: VectorIndex = {
    embedding: () => record.get(),

    async setEmbedding(next, opts = {}) {
      if (closed) throw new AriadneError('internal', 'The vector store is closed.');
      const change = embeddingChange(record.get(), next, opts.rebuild);
      if (change === 'same') return { rebuilt: false };
      await record.set(next);
      if (change === 'first') return { rebuilt: false };
      for (const t of tables.values()) t.clear();
      return { rebuilt: true };
    },

    async upsert(name, rows) {
      const t = table(name);
      if (!rows.length) return;
      checkRowDimensions(rows, dimension());
      for (const r of rows) {
        // Float32 like LanceDB's column, so both backends return the same numbers.
        const vector = Array.from(Float32Array.from(r.vector));
        t.set(r.id, {
          id: r.id,
          docId: r.docId ?? '',
          text: r.text,
          vector,
          unit: unit(vector),
          ...termCounts(r.text),
        });
      }
    },

    async deleteIds(name, ids) {
      const t = table(name);
      for (const id of ids) t.delete(id);
    },

    async deleteByDocument(docId) {
      for (const name of ['chunks', 'questions'] as const)
        for (const [id, r] of table(name)) if (r.docId === docId) table(name).delete(id);
    },

    async search(name, vector, opts = {}) {
      const t = table(name);
      if (!t.size) return [];
      checkQueryDimension(vector, dimension());
      const q = unit(vector);
      const docs = opts.docIds?.length ? new Set(opts.docIds) : null;
      const hits: VectorHit[] = [];
      for (const r of t.values()) {
        if (docs && !docs.has(r.docId)) continue;
        let dot = 0;
        // Both vectors have the library's dimension (checked above).
        for (const [i, x] of q.entries()) dot += x * (r.unit[i] ?? 0);
        hits.push(hit(r, dot));
      }
      return hits.sort(byScore).slice(0, opts.k ?? 10);
    },

    async textSearch(name, text, opts = {}) {
      if (!FTS_TABLES.has(name)) throw new AriadneError('invalid_input', `No full-text index on ${name}.`);
      const t = table(name);
      const query = [...new Set(tokens(text))];
      if (!t.size || !query.length) return [];
      const avg = [...t.values()].reduce((s, r) => s + r.length, 0) / t.size || 1;
      const df = new Map(query.map((q) => [q, [...t.values()].filter((r) => r.terms.has(q)).length]));
      const hits: VectorHit[] = [];
      for (const r of t.values()) {
        let score = 0;
        for (const q of query) {
          const tf = r.terms.get(q);
          if (!tf) continue;
          const n = df.get(q) ?? 0;
          const idf = Math.log(1 + (t.size - n + 0.5) / (n + 0.5));
          score += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * r.length) / avg));
        }
        if (score > 0) hits.push(hit(r, score));
      }
      return hits.sort(byScore).slice(0, opts.k ?? 10);
    },

    hybridSearch: (name, q) => fusedSearch(index, name, q),

    async listIds(name) {
      return [...table(name).keys()];
    },

    async rows(name) {
      return [...table(name).values()].map((r) => ({
        id: r.id,
        docId: r.docId,
        text: r.text,
        vector: [...r.vector],
      }));
    },

    async count(name) {
      return table(name).size;
    },

    async flush() {},

    async close() {
      closed = true;
    },
  };
  return index;
}

import type {
  EntityRow,
  EvidenceRowFull,
  GraphReader,
  GraphTables,
  NeighbourCount,
  PortReader,
  TableReader,
} from '../graph-port';
import { chunkId } from '../ids';
import type { DocumentStats, EvidenceLink } from '../types';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byEvidence = (a: EntityRow, b: EntityRow) => b.evidenceCount - a.evidenceCount || cmp(a.id, b.id);
const link = (v: EvidenceRowFull): EvidenceLink => ({
  key: v.k,
  source: v.src,
  target: v.dst,
  confidence: v.confidence,
});
/** Names and aliases of an entity, lower-cased, as substring searches read them. */
const names = (e: EntityRow) => `${e.name} ${e.aliases.join(' ; ')}`.toLowerCase();

/** The reads of a backend, completed from its tables where it has no named read of its own. */
export function fullReader<R extends PortReader>(tx: R): R & GraphReader {
  return 'rows' in tx ? { ...scanReads(tx), ...tx } : (tx as R & GraphReader);
}

/**
 * Every named read answered from whole tables: what the reads mean, for a backend that stores rows and no
 * more (the in-memory one). Right, not fast: each read scans what it needs.
 */
export function scanReads(t: TableReader): GraphReader {
  const { rows, byKey } = t;
  const where = async <T extends keyof GraphTables>(table: T, keep: (r: GraphTables[T]) => boolean) =>
    (await rows(table)).filter(keep);
  const top = (es: EntityRow[], limit: number) => es.sort(byEvidence).slice(0, limit);
  const links = async (keep: (v: EvidenceRowFull) => boolean) => (await where('evidence', keep)).map(link);
  const counts = async () => {
    const n = async (table: keyof GraphTables) => (await rows(table)).length;
    return {
      documents: await n('documents'),
      chunks: await n('chunks'),
      entities: await n('entities'),
      mentions: await n('mentions'),
      evidence: await n('evidence'),
      questions: await n('questions'),
      communities: await n('communities'),
    };
  };
  return {
    getDocument: async (id) => (await byKey('documents', [id]))[0] ?? null,
    citations: async () => (await rows('citations')).sort((a, b) => cmp(a.from, b.from) || cmp(a.to, b.to)),
    listDocuments: async () =>
      (await rows('documents')).sort((a, b) => a.createdAt - b.createdAt || cmp(a.id, b.id)),
    documentTitles: async (ids) =>
      new Map((await byKey('documents', ids)).map((d) => [d.id, { title: d.title, year: d.year }])),
    async documentStats(id) {
      // Documents with chunks, as a graph reaches them.
      const stats = new Map<string, { seen: Set<string>; relationships: number }>();
      for (const c of await rows('chunks'))
        if (id === undefined || c.docId === id) stats.set(c.docId, { seen: new Set(), relationships: 0 });
      for (const m of await rows('mentions')) stats.get(m.docId)?.seen.add(m.entityId);
      for (const v of await rows('evidence')) {
        const st = stats.get(v.docId);
        if (st) st.relationships++;
      }
      return new Map<string, DocumentStats>(
        [...stats].map(([d, st]) => [d, { entities: st.seen.size, relationships: st.relationships }]),
      );
    },
    chunkIds: async (docId, among) =>
      (await where('chunks', (c) => c.docId === docId && (!among || among.includes(c.id)))).map((c) => c.id),
    getChunks: async (docId) =>
      (await where('chunks', (c) => c.docId === docId)).sort((a, b) => a.index - b.index),
    chunksById: (ids) => byKey('chunks', [...new Set(ids)]),
    async chunksWithDocuments(ids) {
      const chunks = await byKey('chunks', [...new Set(ids)]);
      const docs = new Map(
        (
          await byKey(
            'documents',
            chunks.map((c) => c.docId),
          )
        ).map((d) => [d.id, d]),
      );
      return chunks.map(({ forwardSummary: _f, charEnd: _e, ...c }) => ({
        ...c,
        title: docs.get(c.docId)?.title ?? '',
        year: docs.get(c.docId)?.year ?? null,
      }));
    },

    entities: (ids) => byKey('entities', ids),
    existingEntityIds: async (ids) => new Set((await byKey('entities', ids)).map((e) => e.id)),
    entitiesNamed: async (n) =>
      top(await where('entities', (e) => [e.name, ...e.aliases].some((a) => a.toLowerCase() === n)), 20),
    entitiesContaining: async (w, limit) => top(await where('entities', (e) => names(e).includes(w)), limit),
    topEntities: async (limit, communityId) =>
      top(
        communityId
          ? await byKey('entities', (await byKey('communities', [communityId]))[0]?.memberIds ?? [])
          : await rows('entities'),
        limit,
      ),
    entityNames: async () =>
      (await rows('entities')).map((e) => ({
        id: e.id,
        name: e.name,
        aliases: e.aliases,
        evidenceCount: e.evidenceCount,
      })),
    async entitiesInDocuments(docIds, limit) {
      const ids = new Set((await where('mentions', (m) => docIds.includes(m.docId))).map((m) => m.entityId));
      return top(await byKey('entities', [...ids]), limit).map((e) => e.id);
    },
    async mentionCounts(f) {
      const entities = new Map((await rows('entities')).map((e) => [e.id, e]));
      const n = new Map<string, { entityId: string; docId: string; n: number }>();
      for (const m of await rows('mentions')) {
        const e = entities.get(m.entityId);
        if (!e || (f.docId && m.docId !== f.docId) || (f.type && e.type !== f.type)) continue;
        if (f.search && !names(e).includes(f.search)) continue;
        const key = `${m.entityId}\u0000${m.docId}`;
        const row = n.get(key) ?? { entityId: m.entityId, docId: m.docId, n: 0 };
        n.set(key, row);
        row.n++;
      }
      return [...n.values()];
    },

    mentionLinks: async (ids) =>
      (await where('mentions', (m) => ids.includes(m.entityId))).map((m) => ({
        k: m.k,
        chunkId: m.chunkId,
        entityId: m.entityId,
        confidence: m.confidence,
      })),
    mentionTexts: async (keys) => new Map((await byKey('mentions', keys)).map((m) => [m.k, m])),
    async mentionPairs(of, limit) {
      const ids = of.chunkIds ?? of.entityIds ?? [];
      return (await where('mentions', (m) => ids.includes(of.chunkIds ? m.chunkId : m.entityId)))
        .slice(0, limit)
        .map((m) => ({ chunkId: m.chunkId, entityId: m.entityId }));
    },
    async relatedOf(id, other) {
      const rel = await where(
        'evidence',
        (v) =>
          (v.src === id && (!other || v.dst === other)) ||
          (v.dst === id && v.src !== id && (!other || v.src === other)),
      );
      const ents = new Map(
        (
          await byKey(
            'entities',
            rel.flatMap((v) => [v.src, v.dst]),
          )
        ).map((e) => [e.id, e]),
      );
      return rel.flatMap((v) => {
        const [a, b] = [ents.get(v.src), ents.get(v.dst)];
        if (!a || !b) return [];
        return [
          { k: v.k, src: v.src, dst: v.dst, confidence: v.confidence, srcName: a.name, dstName: b.name },
        ];
      });
    },
    evidenceFrom: (ids) => links((v) => ids.includes(v.src)),
    evidenceBetween: (pairs) => links((v) => pairs.some((p) => p.a === v.src && p.b === v.dst)),
    evidenceDetails: async (keys) =>
      new Map(
        (await byKey('evidence', keys)).map(({ k, src: _s, dst: _d, ...rest }) => [k, { key: k, ...rest }]),
      ),

    async neighbourCounts(ids, f = {}) {
      const out = new Map(ids.map((a) => [a, new Map<string, NeighbourCount>()]));
      const wanted = f.keywords?.length ? new Set(f.keywords.map((k) => k.toLowerCase())) : null;
      const types = new Map((await rows('entities')).map((e) => [e.id, e.type]));
      for (const v of await rows('evidence')) {
        const kws = wanted ? v.keywords.filter((k) => wanted.has(k.toLowerCase())) : [];
        if (v.src === v.dst || (wanted && !kws.length)) continue;
        for (const [a, b, side] of [
          [v.src, v.dst, 'out'],
          [v.dst, v.src, 'in'],
        ] as const) {
          const m = out.get(a);
          // With keywords, only rows in the walk's direction are read (as Kùzu reads them).
          if (!m || (wanted && (f.direction ?? 'both') !== 'both' && f.direction !== side)) continue;
          const c = m.get(b) ?? {
            out: 0,
            in: 0,
            type: types.get(b),
            ...(wanted ? { keywords: new Set() } : {}),
          };
          m.set(b, c);
          c[side]++;
          for (const k of kws) c.keywords?.add(k);
        }
      }
      return out;
    },
    async entityGraph() {
      const w = new Map<string, { a: string; b: string; weight: number }>();
      for (const v of await rows('evidence')) {
        if (v.src === v.dst) continue;
        const [a, b] = v.src < v.dst ? [v.src, v.dst] : [v.dst, v.src];
        const p = w.get(`${a}\u0000${b}`) ?? { a, b, weight: 0 };
        w.set(`${a}\u0000${b}`, p);
        p.weight++;
      }
      return { entities: (await rows('entities')).map((e) => e.id), pairs: [...w.values()] };
    },

    merges: (f) =>
      where(
        'merges',
        (m) =>
          (!f.active || m.undoneAt === null) &&
          (!f.entityId || m.survivorId === f.entityId || m.mergedId === f.entityId) &&
          (!f.mergedKeys || f.mergedKeys.includes(m.mergedKey)) &&
          (!f.mergedIds || f.mergedIds.includes(m.mergedId)),
      ),
    mergeWithSnapshot: async (id) => (await byKey('merges', [id]))[0] ?? null,
    listCommunities: async (level) =>
      (await where('communities', (c) => level === undefined || c.level === level))
        .sort((a, b) => a.level - b.level || cmp(a.id, b.id))
        .map(({ memberIds, ...c }) => ({ ...c, size: memberIds.length })),
    memberships: async (ids, level) =>
      (await where('communities', (c) => level === undefined || c.level === level)).flatMap((c) =>
        ids.filter((id) => c.memberIds.includes(id)).map((id) => ({ entityId: id, communityId: c.id })),
      ),
    async communityChunks(communityId, limit) {
      const members = new Set((await byKey('communities', [communityId]))[0]?.memberIds ?? []);
      const n = new Map<string, number>();
      for (const m of await where('mentions', (x) => members.has(x.entityId)))
        n.set(m.chunkId, (n.get(m.chunkId) ?? 0) + 1);
      return [...n]
        .sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))
        .slice(0, limit)
        .map(([id, mentions]) => ({ chunkId: id, mentions }));
    },
    questionsOf: async (cid) =>
      (await where('questions', (q) => q.chunkId === cid))
        .sort((a, b) => cmp(a.id, b.id))
        .map((q) => ({ id: q.id, text: q.text })),
    questionChunk: async (id) => (await byKey('questions', [id]))[0]?.chunkId ?? null,

    counts,
    listIds: async (kind) => (await rows(kind)).map((x) => x.id),
    /** What Kùzu's stamp counts: entities, evidence, documents (and their last update), communities. */
    async changeStamp() {
      const docs = await rows('documents');
      const last = docs.length ? Math.max(...docs.map((d) => d.updatedAt)) : null;
      const c = await counts();
      return [c.entities, c.evidence, last, c.documents, c.communities].map(String).join('|');
    },
    async dump() {
      const [documents, chunks, evidence, questions, communities] = [
        await rows('documents'),
        await rows('chunks'),
        await rows('evidence'),
        await rows('questions'),
        await rows('communities'),
      ];
      const ids = new Set(chunks.map((c) => c.id));
      // Reading order links consecutive indexes only; rows hold their own text, so nothing is orphaned.
      const structure = [
        ...chunks.map((c) => ({ rel: 'HAS_CHUNK', from: c.docId, to: c.id })),
        ...chunks.flatMap((c) =>
          ids.has(chunkId(c.docId, c.index + 1))
            ? [{ rel: 'NEXT', from: c.id, to: chunkId(c.docId, c.index + 1) }]
            : [],
        ),
        ...questions.map((q) => ({ rel: 'ANSWERS_IN', from: q.id, to: q.chunkId })),
        ...communities.flatMap((c) => [
          ...c.memberIds.map((m) => ({ rel: 'IN_COMMUNITY', from: m, to: c.id })),
          ...(c.parentId ? [{ rel: 'PARENT', from: c.id, to: c.parentId }] : []),
        ]),
      ];
      return {
        documents,
        chunks,
        chunkIds: [...ids],
        entities: await rows('entities'),
        mentions: await rows('mentions'),
        evidence,
        orphanDetails: [],
        chunkEvidence: evidence.map((v) => `${v.chunkId}|${v.id}`),
        structure,
        questions,
        communities: communities.map(({ memberIds: _m, parentId: _p, ...c }) => c),
      };
    },
  };
}

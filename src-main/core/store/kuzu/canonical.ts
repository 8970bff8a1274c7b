import type { KuzuDb } from './kuzu-db';
import { chunkCols, docCols, toChunk, toDocument } from './rows';
import type { CanonicalGraph } from '../types';

/**
 * The whole graph, id-sorted and without timestamps or storage keys (see CanonicalGraph): for tests that
 * compare libraries, not for the app (it reads every table).
 */
export function canonicalOps(db: KuzuDb) {
  return {
    async canonicalGraph(): Promise<CanonicalGraph> {
      return db.read(async (runner) => {
        const q = (cypher: string) => runner.query(cypher);
        const getChunks = async (docId: string) =>
          (
            await runner.query(
              `MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN ${chunkCols('c')} ORDER BY c.idx`,
              { docId },
            )
          ).map(toChunk);
        const sortBy = <T>(rows: T[], key: (r: T) => string) =>
          rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
        const list = (v: unknown) => (Array.isArray(v) ? [...(v as unknown[])] : []);
        const documents = (await q(`MATCH (d:Document) RETURN ${docCols('d')} ORDER BY d.createdAt, d.id`))
          .map(toDocument)
          .map(({ createdAt: _c, updatedAt: _u, ...d }) => d);
        const chunks = (await q('MATCH (c:Chunk) RETURN c.id AS id')).map((r) => String(r.id));
        const chunkRows = [];
        for (const d of documents) chunkRows.push(...(await getChunks(d.id)));
        const entities = (
          await q(`MATCH (e:Entity) RETURN e.id AS id, e.canonicalKey AS key, e.name AS name, e.type AS type, e.description AS description,
            e.aliases AS aliases, e.confidence AS confidence, e.evidenceCount AS evidenceCount, e.pinnedName AS pinned`)
        ).map((e): Record<string, unknown> => ({ ...e, aliases: list(e.aliases) }));
        // Edges joined to their detail nodes by key; the keys themselves depend on write order, so they stay out.
        const mentionText = new Map(
          (
            await q(
              'MATCH (x:Mention) RETURN x.k AS k, x.id AS id, x.surface AS surface, x.description AS description',
            )
          ).map(({ k, ...x }) => [Number(k), x]),
        );
        const mentions = (
          await q(
            'MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity) RETURN m.k AS k, c.id AS chunk, e.id AS entity, m.confidence AS c',
          )
        ).map((m) => {
          const x = mentionText.get(Number(m.k));
          return {
            id: x?.id,
            chunk: m.chunk,
            entity: m.entity,
            surface: x?.surface,
            description: x?.description,
            confidence: m.c,
          };
        });
        const evidenceText = new Map(
          (
            await q(`MATCH (v:Evidence) RETURN v.k AS k, v.id AS id, v.keywords AS keywords, v.description AS description,
              v.chunkId AS chunkId, v.docId AS docId, v.page AS page`)
          ).map(({ k, ...v }) => [Number(k), v]),
        );
        const evidence = (
          await q(
            'MATCH (a:Entity)-[r:RELATED]->(b:Entity) RETURN r.k AS k, a.id AS source, b.id AS target, r.confidence AS c',
          )
        ).map((r): Record<string, unknown> => {
          const v = evidenceText.get(Number(r.k));
          return {
            id: v?.id,
            source: r.source,
            target: r.target,
            keywords: list(v?.keywords),
            description: v?.description,
            chunkId: v?.chunkId,
            docId: v?.docId,
            page: v?.page,
            confidence: r.c,
          };
        });
        const evidenceIdOf = new Map([...evidenceText].map(([k, v]) => [k, String(v.id)]));
        const chunkEvidence = (await q('MATCH (c:Chunk) RETURN c.id AS id, c.evidenceKeys AS ks'))
          .flatMap((c) =>
            list(c.ks).map((k) => `${String(c.id)}|${evidenceIdOf.get(Number(k)) ?? `missing ${k}`}`),
          )
          .sort();
        // Detail nodes without an edge would be leaks: they show up here so a comparison catches them.
        const linked = new Set([...mentions, ...evidence].map((x) => x.id));
        const orphanDetails = [...mentionText.values(), ...evidenceText.values()]
          .map((x) => String(x.id))
          .filter((id) => !linked.has(id))
          .sort();
        const structure = await q(
          `MATCH (a)-[r]->(b) WHERE label(r) IN ['HAS_CHUNK', 'NEXT', 'ANSWERS_IN', 'IN_COMMUNITY', 'PARENT']
           RETURN label(r) AS rel, a.id AS from, b.id AS to`,
        );
        const questions = await q(
          'MATCH (x:AtomicQuestion) RETURN x.id AS id, x.chunkId AS chunkId, x.docId AS docId, x.text AS text',
        );
        const communities = await q(
          'MATCH (x:Community) RETURN x.id AS id, x.level AS level, x.title AS title, x.summary AS summary, x.stale AS stale',
        );
        return {
          documents: sortBy(documents, (d) => d.id),
          chunks: sortBy(chunkRows, (c) => c.id),
          chunkIds: chunks.sort(),
          entities: sortBy(entities, (e) => String(e.id)),
          mentions: sortBy(mentions, (m) => String(m.id)),
          evidence: sortBy(evidence, (x) => String(x.id)),
          orphanDetails,
          chunkEvidence,
          structure: sortBy(structure, (s) => `${String(s.rel)}|${String(s.from)}|${String(s.to)}`),
          questions: sortBy(questions, (x) => String(x.id)),
          communities: sortBy(communities, (x) => String(x.id)),
        };
      });
    },
  };
}

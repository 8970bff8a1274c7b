import type { GraphDump } from '../graph-port';
import type { KuzuRunner } from './kuzu-db';
import { chunkCols, docCols, entityCols, list, toChunk, toDocument, toEntity } from './rows';

/**
 * The whole graph as stored, for the canonical comparison: edges joined to their detail nodes by key, so an
 * edge whose node is gone shows its text missing and a node no edge names is an orphan. Reads every table.
 */
export async function dumpGraph(r: KuzuRunner): Promise<GraphDump> {
  const q = (cypher: string) => r.query(cypher);
  const documents = (await q(`MATCH (d:Document) RETURN ${docCols('d')} ORDER BY d.createdAt, d.id`)).map(
    toDocument,
  );
  const chunks = [];
  for (const d of documents)
    chunks.push(
      ...(
        await r.query(
          `MATCH (:Document {id: $docId})-[:HAS_CHUNK]->(c:Chunk) RETURN ${chunkCols('c')} ORDER BY c.idx`,
          { docId: d.id },
        )
      ).map(toChunk),
    );
  const chunkIds = (await q('MATCH (c:Chunk) RETURN c.id AS id')).map((x) => String(x.id));
  const entities = (await q(`MATCH (e:Entity) RETURN ${entityCols('e')}`)).map(toEntity);
  const mentionText = new Map(
    (
      await q(
        'MATCH (x:Mention) RETURN x.k AS k, x.id AS id, x.surface AS surface, x.description AS description',
      )
    ).map((x) => [
      Number(x.k),
      { id: String(x.id), surface: String(x.surface), description: String(x.description ?? '') },
    ]),
  );
  const mentions = (
    await q(
      'MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity) RETURN m.k AS k, c.id AS chunk, e.id AS entity, m.confidence AS c',
    )
  ).map((m) => ({
    ...mentionText.get(Number(m.k)),
    chunkId: String(m.chunk),
    entityId: String(m.entity),
    confidence: Number(m.c),
  }));
  const evidenceText = new Map(
    (
      await q(`MATCH (v:Evidence) RETURN v.k AS k, v.id AS id, v.keywords AS keywords, v.description AS description,
        v.chunkId AS chunkId, v.docId AS docId, v.page AS page`)
    ).map((v) => [
      Number(v.k),
      {
        id: String(v.id),
        keywords: list(v.keywords),
        description: String(v.description ?? ''),
        chunkId: String(v.chunkId),
        docId: String(v.docId),
        page: Number(v.page),
      },
    ]),
  );
  const evidence = (
    await q(
      'MATCH (a:Entity)-[r:RELATED]->(b:Entity) RETURN r.k AS k, a.id AS source, b.id AS target, r.confidence AS c',
    )
  ).map((x) => ({
    ...evidenceText.get(Number(x.k)),
    src: String(x.source),
    dst: String(x.target),
    confidence: Number(x.c),
  }));
  const chunkEvidence = (await q('MATCH (c:Chunk) RETURN c.id AS id, c.evidenceKeys AS ks')).flatMap((c) =>
    list(c.ks).map((k) => `${String(c.id)}|${evidenceText.get(Number(k))?.id ?? `missing ${String(k)}`}`),
  );
  // Detail nodes without an edge would be leaks: they show up so a comparison catches them.
  const linked = new Set([...mentions, ...evidence].map((x) => x.id));
  const orphanDetails = [...mentionText.values(), ...evidenceText.values()]
    .map((x) => x.id)
    .filter((id) => !linked.has(id));
  const structure = (
    await q(
      `MATCH (a)-[r]->(b) WHERE label(r) IN ['HAS_CHUNK', 'NEXT', 'ANSWERS_IN', 'IN_COMMUNITY', 'PARENT']
       RETURN label(r) AS rel, a.id AS from, b.id AS to`,
    )
  ).map((x) => ({ rel: String(x.rel), from: String(x.from), to: String(x.to) }));
  const questions = (
    await q(
      'MATCH (x:AtomicQuestion) RETURN x.id AS id, x.chunkId AS chunkId, x.docId AS docId, x.text AS text',
    )
  ).map((x) => ({
    id: String(x.id),
    chunkId: String(x.chunkId),
    docId: String(x.docId),
    text: String(x.text),
  }));
  const communities = (
    await q(
      'MATCH (x:Community) RETURN x.id AS id, x.level AS level, x.title AS title, x.summary AS summary, x.stale AS stale',
    )
  ).map((x) => ({
    id: String(x.id),
    level: Number(x.level),
    title: String(x.title ?? ''),
    summary: String(x.summary ?? ''),
    stale: Boolean(x.stale),
  }));
  return {
    documents,
    chunks,
    chunkIds,
    entities,
    mentions,
    evidence,
    orphanDetails,
    chunkEvidence,
    structure,
    questions,
    communities,
  };
}

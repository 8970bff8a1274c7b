import type { EvidenceRowFull, MentionLink, MentionRow, MentionText, RelatedLink } from '../graph-port';
import type { KuzuRunner, Row } from './kuzu-db';
import { createRels, type RelSpec } from './rels';
import { byPrimaryKey, decodeList, encodeList, fromIds, list } from './rows';
import { at } from '../../at';

/**
 * Storage of MENTIONS and RELATED rows. The edge carries only an INT64 key and the confidence; the text
 * lives in a Mention / Evidence node with that key (see schema.ts for the measurement behind the split).
 * Everything that writes, moves or deletes evidence goes through here, so edge and node never drift apart.
 */

/** Reserves `n` keys from the library-wide sequence (inside the caller's write transaction). */
export async function allocateKeys(r: KuzuRunner, n: number): Promise<number> {
  const rows = await r.query("MERGE (m:Meta {key: 'seq'}) ON CREATE SET m.value = '0' RETURN m.value AS v");
  const start = Number(at(rows, 0).v);
  if (n > 0) await r.query("MATCH (m:Meta {key: 'seq'}) SET m.value = $v", { v: String(start + n) });
  return start;
}

export async function insertMentions(r: KuzuRunner, rows: MentionRow[]): Promise<void> {
  if (!rows.length) return;
  await r.query(
    `UNWIND $rows AS x CREATE (:Mention {k: x.k, id: x.id, docId: x.docId, surface: x.surface,
       description: x.description, spanStart: x.spanStart, spanEnd: x.spanEnd})`,
    {
      rows: rows.map(({ k, id, docId, surface, description, spanStart, spanEnd }) => ({
        k,
        id,
        docId,
        surface,
        description,
        spanStart,
        spanEnd,
      })),
    },
  );
  await linkMentions(r, rows);
}

const MENTIONS: RelSpec = { rel: 'MENTIONS', from: 'Chunk', to: 'Entity', props: ['k', 'confidence'] };
const RELATED: RelSpec = { rel: 'RELATED', from: 'Entity', to: 'Entity', props: ['k', 'confidence'] };

export async function linkMentions(r: KuzuRunner, rows: MentionLink[]): Promise<void> {
  await createRels(
    r,
    MENTIONS,
    rows.map((m) => ({ from: m.chunkId, to: m.entityId, k: m.k, confidence: m.confidence })),
  );
}

/** Creates Evidence nodes, their RELATED edges, and records their keys on their chunks. */
export async function insertEvidence(r: KuzuRunner, rows: EvidenceRowFull[]): Promise<void> {
  if (!rows.length) return;
  await r.query(
    `UNWIND $rows AS x CREATE (:Evidence {k: x.k, id: x.id, src: x.src, dst: x.dst,
       keywords: ${decodeList('x.keywords')}, description: x.description, chunkId: x.chunkId, docId: x.docId,
       page: x.page, confidence: x.confidence, spanStart: x.spanStart, spanEnd: x.spanEnd, pageEnd: x.pageEnd})`,
    { rows: rows.map((e) => ({ ...e, keywords: encodeList(e.keywords) })) },
  );
  const byChunk = new Map<string, number[]>();
  for (const e of rows) byChunk.set(e.chunkId, [...(byChunk.get(e.chunkId) ?? []), e.k]);
  await r.query('UNWIND $rows AS x MATCH (c:Chunk {id: x.c}) SET c.evidenceKeys = x.ks', {
    rows: [...byChunk].map(([c, ks]) => ({ c, ks })),
  });
  await linkEvidence(r, rows);
}

/** Creates RELATED edges for Evidence nodes whose src and dst already name these endpoints. */
export async function linkEvidence(r: KuzuRunner, rows: RelatedLink[]): Promise<void> {
  await createRels(
    r,
    RELATED,
    rows.map((e) => ({ from: e.src, to: e.dst, k: e.k, confidence: e.confidence })),
  );
}

/** Re-attaches evidence to other endpoints (entity merge and its undo): node and edge move together. */
export async function relinkEvidence(r: KuzuRunner, rows: RelatedLink[]): Promise<void> {
  if (!rows.length) return;
  await r.query('UNWIND $rows AS x MATCH (v:Evidence {k: x.k}) SET v.src = x.s, v.dst = x.t', {
    rows: rows.map((e) => ({ s: e.src, t: e.dst, k: e.k })),
  });
  await linkEvidence(r, rows);
}

/**
 * Kùzu 0.11.3 loses track of relationships when one statement deletes several of them and some were
 * written since the last checkpoint: the statement reports them deleted (or misses some), reads in the same
 * transaction return other rows in their place, and after COMMIT they are back — a RELATED edge whose
 * Evidence node the same transaction deleted, a MENTIONS edge without its Mention node. Measured on a bare
 * Kùzu database (a rel table with checkpointed rows, replacing a dozen recent rows at a time): `… WHERE
 * y.k IN $ks DELETE y`, anchored or not, corrupted 89-144 of 150 replacements; one statement per
 * relationship, matched by its key, none. So every relationship is deleted by its own statement.
 */
const UNLINK_FROM_SOURCE =
  'MATCH (:Entity {id: $src})-[y:RELATED]->(:Entity) WHERE y.k = $k DELETE y RETURN y.k AS k';

/** Deletes these RELATED edges (found through their sources); the Evidence nodes stay. */
export async function unlinkEvidence(
  r: KuzuRunner,
  rows: Omit<RelatedLink, 'confidence'>[],
): Promise<number[]> {
  const gone: number[] = [];
  for (const x of rows) {
    if ((await r.query(UNLINK_FROM_SOURCE, { src: x.src, k: x.k })).length) gone.push(x.k);
  }
  const deleted = new Set(gone);
  const missed = rows.filter((x) => !deleted.has(x.k)).map((x) => x.k);
  if (!missed.length) return gone;
  // An edge whose Evidence node names another source (none should) is found by its key, with one scan of
  // RELATED that only that case pays for, and deleted from the source it has.
  const elsewhere = await r.query(
    'MATCH (a:Entity)-[y:RELATED]->(:Entity) WHERE y.k IN $ks RETURN a.id AS src, y.k AS k',
    { ks: missed },
  );
  for (const x of elsewhere) {
    const k = Number(x.k);
    if ((await r.query(UNLINK_FROM_SOURCE, { src: String(x.src), k })).length) gone.push(k);
  }
  return gone;
}

/** Deletes these MENTIONS edges, one statement each (see UNLINK_FROM_SOURCE); the Mention nodes stay. */
export async function unlinkMentions(
  r: KuzuRunner,
  rows: Omit<MentionLink, 'confidence'>[],
): Promise<number[]> {
  const gone: number[] = [];
  for (const m of rows) {
    const found = await r.query(
      'MATCH (:Chunk {id: $c})-[m:MENTIONS]->(:Entity {id: $e}) WHERE m.k = $k DELETE m RETURN m.k AS k',
      { c: m.chunkId, e: m.entityId, k: m.k },
    );
    if (found.length) gone.push(m.k);
  }
  return gone;
}

/** Deletes nodes with no relationships by key (WHERE … IN: a join through UNWIND scans the table). */
export async function deleteByKeys(r: KuzuRunner, label: 'Evidence' | 'Mention', keys: number[]) {
  if (keys.length) await r.query(`MATCH (x:${label}) WHERE x.k IN $ks DELETE x`, { ks: keys });
}

/** Mention and Evidence grow to millions of rows: looking 600 keys up one by one still beats a scan. */
const BIG_TABLE_ONE_BY_ONE = 500;

/**
 * Mention texts by key. `known` holds rows written in this transaction: they are taken as they are instead
 * of being read back one point lookup each (a 120-page paper wrote ~450). A key is never reused and a
 * mention's text never changes, so a row once written can always stand in for the read.
 */
export async function mentionTexts(
  r: Pick<KuzuRunner, 'query'>,
  keys: number[],
  known: ReadonlyMap<number, MentionText>,
): Promise<Map<number, MentionText>> {
  const out = new Map<number, MentionText>();
  const missing: number[] = [];
  for (const k of keys) {
    const m = known.get(k);
    if (m) out.set(k, m);
    else missing.push(k);
  }
  if (!missing.length) return out;
  const rows = await byPrimaryKey(
    r,
    'Mention',
    'k',
    missing,
    'x.k AS k, x.id AS id, x.surface AS surface, x.description AS description',
    BIG_TABLE_ONE_BY_ONE,
  );
  for (const x of rows)
    out.set(Number(x.k), {
      id: String(x.id),
      surface: String(x.surface),
      description: String(x.description ?? ''),
    });
  return out;
}

const EVIDENCE_COLS = `x.k AS k, x.id AS id, x.src AS src, x.dst AS dst, x.keywords AS keywords,
  x.description AS description, x.chunkId AS chunkId, x.docId AS docId, x.page AS page, x.confidence AS confidence,
  x.spanStart AS spanStart, x.spanEnd AS spanEnd, x.pageEnd AS pageEnd`;

/** Evidence details by key. */
export async function evidenceNodes(
  r: Pick<KuzuRunner, 'query'>,
  keys: number[],
): Promise<Map<number, EvidenceRowFull>> {
  if (!keys.length) return new Map();
  const rows = await byPrimaryKey(r, 'Evidence', 'k', keys, EVIDENCE_COLS, BIG_TABLE_ONE_BY_ONE);
  return new Map(rows.map((x) => [Number(x.k), toEvidenceNode(x)]));
}

export function toEvidenceNode(x: Row): EvidenceRowFull {
  return {
    k: Number(x.k),
    id: String(x.id),
    src: String(x.src),
    dst: String(x.dst),
    keywords: list(x.keywords),
    description: String(x.description ?? ''),
    chunkId: String(x.chunkId),
    docId: String(x.docId),
    page: Number(x.page),
    confidence: Number(x.confidence),
    spanStart: x.spanStart == null ? -1 : Number(x.spanStart),
    spanEnd: x.spanEnd == null ? -1 : Number(x.spanEnd),
    pageEnd: x.pageEnd == null ? -1 : Number(x.pageEnd),
  };
}

/**
 * Removes every mention and piece of evidence recorded for these chunks (edges and detail nodes) and
 * returns the entities that were mentioned, whose derived fields must be refreshed. RELATED endpoints are
 * always entities of the same chunk's mentions, so they are among those returned. A chunk lists the keys of
 * its evidence (`Chunk.evidenceKeys`): that list is the chunk's way to its Evidence nodes.
 */
export async function removeChunkEvidence(r: KuzuRunner, chunkIds: string[]): Promise<string[]> {
  if (!chunkIds.length) return [];
  const mentions = await fromIds(
    r,
    chunkIds,
    'MATCH (c:Chunk {id: $id})-[m:MENTIONS]->(e:Entity) RETURN c.id AS c, e.id AS e, m.k AS k',
    'MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity) WHERE c.id IN $ids RETURN c.id AS c, e.id AS e, m.k AS k',
  );
  const keys = (await byPrimaryKey(r, 'Chunk', 'id', chunkIds, 'x.evidenceKeys AS ks')).flatMap((x) =>
    list<number>(x.ks).map(Number),
  );
  const evidence = [...(await evidenceNodes(r, keys)).values()];
  if (evidence.length) {
    await unlinkEvidence(r, evidence);
    await deleteByKeys(
      r,
      'Evidence',
      evidence.map((x) => x.k),
    );
  }
  if (keys.length) {
    await r.query('MATCH (c:Chunk) WHERE c.id IN $ids SET c.evidenceKeys = NULL', { ids: chunkIds });
  }
  if (mentions.length) {
    await unlinkMentions(
      r,
      mentions.map((x) => ({ k: Number(x.k), chunkId: String(x.c), entityId: String(x.e) })),
    );
    await deleteByKeys(
      r,
      'Mention',
      mentions.map((x) => Number(x.k)),
    );
  }
  return [...new Set(mentions.map((x) => String(x.e)))];
}

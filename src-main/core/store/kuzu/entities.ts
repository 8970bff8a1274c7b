import type { GraphReader, GraphWriter } from '../graph-port';
import { deleteByKeys } from './evidence-rows';
import type { KuzuRunner } from './kuzu-db';
import { byPrimaryKey, decodeList, encodeList, entityCols, fetchEntities, list, toEntity } from './rows';

type EntityReads = Pick<
  GraphReader,
  | 'entities'
  | 'existingEntityIds'
  | 'entitiesNamed'
  | 'entitiesContaining'
  | 'topEntities'
  | 'entityNames'
  | 'entitiesInDocuments'
  | 'mentionCounts'
>;

/** Entity rows, read. */
export const entityReads = (r: KuzuRunner): EntityReads => ({
  entities: (ids) => fetchEntities(r, ids),

  async existingEntityIds(ids) {
    if (!ids.length) return new Set();
    const rows = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', { ids });
    return new Set(rows.map((x) => String(x.id)));
  },

  async entitiesNamed(n) {
    const rows = await r.query(
      `MATCH (e:Entity) WHERE lower(e.name) = $n OR list_contains(list_transform(e.aliases, a -> lower(a)), $n)
       RETURN ${entityCols('e')} ORDER BY e.evidenceCount DESC, e.id LIMIT 20`,
      { n },
    );
    return rows.map(toEntity);
  },

  async entitiesContaining(w, limit) {
    // A scan, ~tens of ms at 100k entities; aliasText holds the aliases joined by " ; ".
    const rows = await r.query(
      `MATCH (e:Entity) WHERE lower(e.name) CONTAINS $w OR lower(e.aliasText) CONTAINS $w
       RETURN ${entityCols('e')} ORDER BY e.evidenceCount DESC, e.id LIMIT $k`,
      { w, k: limit },
    );
    return rows.map(toEntity);
  },

  async topEntities(limit, communityId) {
    // Ranked by evidence: one node scan, where ranking by degree scanned every RELATED row (1 s at 1M rows).
    const rows = communityId
      ? await r.query(
          `MATCH (e:Entity)-[:IN_COMMUNITY]->(:Community {id: $c}) RETURN ${entityCols('e')}
           ORDER BY e.evidenceCount DESC, e.id LIMIT $k`,
          { c: communityId, k: limit },
        )
      : await r.query(
          `MATCH (e:Entity) RETURN ${entityCols('e')} ORDER BY e.evidenceCount DESC, e.id LIMIT $k`,
          {
            k: limit,
          },
        );
    return rows.map(toEntity);
  },

  async entityNames() {
    const rows = await r.query(
      'MATCH (e:Entity) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.evidenceCount AS n',
    );
    return rows.map((x) => ({
      id: String(x.id),
      name: String(x.name ?? ''),
      aliases: list(x.aliases).map(String),
      evidenceCount: Number(x.n ?? 0),
    }));
  },

  async entitiesInDocuments(docIds, limit) {
    if (!docIds.length) return [];
    const rows = await r.query(
      `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) WHERE c.docId IN $docs
       RETURN DISTINCT e.id AS id, e.evidenceCount AS n ORDER BY n DESC, id LIMIT $k`,
      { docs: docIds, k: limit },
    );
    return rows.map((x) => String(x.id));
  },

  async mentionCounts(f) {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (f.docId) {
      where.push('c.docId = $doc');
      params.doc = f.docId;
    }
    if (f.type) {
      where.push('e.type = $type');
      params.type = f.type;
    }
    if (f.search) {
      // aliasText holds the aliases joined by " ; ": one substring test covers them all.
      where.push("(lower(e.name) CONTAINS $q OR lower(coalesce(e.aliasText, '')) CONTAINS $q)");
      params.q = f.search;
    }
    const rows = await r.query(
      `MATCH (c:Chunk)-[:MENTIONS]->(e:Entity) ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       RETURN e.id AS id, c.docId AS docId, count(*) AS n`,
      params,
    );
    return rows.map((x) => ({ entityId: String(x.id), docId: String(x.docId), n: Number(x.n) }));
  },
});

type EntityWrites = Pick<
  GraphWriter,
  'createEntities' | 'updateEntities' | 'deleteEntities' | 'setEntityOverrides' | 'purgeEntity'
>;

/** Entity rows, written; `changed` collects the entities whose relationships or existence changed. */
export const entityWrites = (r: KuzuRunner, changed: Set<string>): EntityWrites => ({
  async createEntities(rows) {
    if (!rows.length) return;
    for (const x of rows) changed.add(x.id);
    await r.query(
      // CREATE, not COPY: a refresh updates these rows in the same transaction, and Kùzu 0.11 cannot replay a
      // WAL holding a COPY followed by updates of the copied rows (segfault on reopen after a crash).
      `UNWIND $rows AS x CREATE (:Entity {id: x.id, canonicalKey: x.key, name: x.name, pinnedName: x.pin,
         type: x.type, description: '', aliasText: '', confidence: 0.0, evidenceCount: 0, createdAt: x.at})`,
      {
        rows: rows.map((x) => ({
          id: x.id,
          key: x.canonicalKey,
          name: x.name,
          pin: x.pinnedName,
          type: x.type,
          at: x.createdAt,
        })),
      },
    );
    for (const x of rows) if (x.extraAliases.length) await setExtraAliases(r, x.id, x.extraAliases);
  },

  async updateEntities(rows) {
    if (!rows.length) return;
    await r.query(
      `UNWIND $rows AS x MATCH (e:Entity {id: x.id})
       SET e.name = x.name, e.description = x.description, e.aliases = ${decodeList('x.aliases')},
           e.aliasText = x.aliasText, e.confidence = x.confidence, e.evidenceCount = x.evidenceCount`,
      {
        rows: rows.map((u) => ({
          ...u,
          aliases: encodeList(u.aliases),
          aliasText: u.aliases.join(' ; '),
        })),
      },
    );
  },

  async deleteEntities(ids) {
    if (!ids.length) return;
    for (const id of ids) changed.add(id);
    await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) DETACH DELETE e', { ids });
  },

  async setEntityOverrides(id, o) {
    if (o.pinnedName !== undefined) {
      const found = await r.query('MATCH (e:Entity {id: $id}) SET e.pinnedName = $n RETURN e.id AS id', {
        id,
        n: o.pinnedName,
      });
      if (!found.length) return false;
    }
    if (o.extraAliases) await setExtraAliases(r, id, o.extraAliases);
    return true;
  },

  /**
   * The entity's edges go with it (DETACH DELETE); its Mention and Evidence nodes by key, and chunks stop
   * listing the evidence that no longer exists.
   */
  async purgeEntity(id) {
    const mentions = (
      await r.query('MATCH (:Chunk)-[m:MENTIONS]->(:Entity {id: $id}) RETURN m.k AS k', { id })
    ).map((x) => Number(x.k));
    const rels = await r.query(
      `MATCH (a:Entity)-[x:RELATED]-(b:Entity) WHERE a.id = $id
       RETURN DISTINCT x.k AS k, b.id AS other`,
      { id },
    );
    const relKeys = [...new Set(rels.map((x) => Number(x.k)))];
    const neighbours = [...new Set(rels.map((x) => String(x.other)))];
    const chunkIds = relKeys.length
      ? (
          await r.query('MATCH (v:Evidence) WHERE v.k IN $ks RETURN DISTINCT v.chunkId AS c', { ks: relKeys })
        ).map((x) => String(x.c))
      : [];
    await r.query('MATCH (e:Entity {id: $id}) DETACH DELETE e', { id });
    await deleteByKeys(r, 'Mention', mentions);
    await deleteByKeys(r, 'Evidence', relKeys);
    const gone = new Set(relKeys);
    for (const c of await byPrimaryKey(r, 'Chunk', 'id', chunkIds, 'x.id AS id, x.evidenceKeys AS ks')) {
      const keep = list<number>(c.ks)
        .map(Number)
        .filter((k) => !gone.has(k));
      if (keep.length)
        await r.query('MATCH (c:Chunk {id: $id}) SET c.evidenceKeys = $ks', { id: c.id, ks: keep });
      else await r.query('MATCH (c:Chunk {id: $id}) SET c.evidenceKeys = NULL', { id: c.id });
    }
    for (const x of [id, ...neighbours]) changed.add(x);
    return neighbours;
  },
});

/** Empty lists cannot be passed as parameters (see kuzu-db.ts), so clearing is its own statement. */
async function setExtraAliases(r: KuzuRunner, id: string, aliases: string[]) {
  if (aliases.length) await r.query('MATCH (e:Entity {id: $id}) SET e.extraAliases = $a', { id, a: aliases });
  else await r.query('MATCH (e:Entity {id: $id}) SET e.extraAliases = NULL', { id });
}

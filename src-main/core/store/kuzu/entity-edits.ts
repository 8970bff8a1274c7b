import { AriadneError } from '../../../contract/errors';
import type { AdjacencyIndex } from './adjacency-index';
import { deleteByKeys } from './evidence-rows';
import type { KuzuDb } from './kuzu-db';
import { refreshEntities } from './refresh';
import { byPrimaryKey, list } from './rows';

/** Edits a scientist makes by hand in the explorer: rename (a pinned name) and delete. */
export function entityEditOps(db: KuzuDb, adjacency: AdjacencyIndex) {
  return {
    /** Pins the display name: derived names no longer replace it; the old name stays an alias when used. */
    async renameEntity(id: string, name: string): Promise<void> {
      const pinned = name.trim();
      if (!pinned) throw new AriadneError('invalid_input', 'A name cannot be empty.');
      await db.write(async (r) => {
        const found = await r.query('MATCH (e:Entity {id: $id}) SET e.pinnedName = $n RETURN e.id AS id', {
          id,
          n: pinned,
        });
        if (!found.length) throw new AriadneError('not_found', `No entity ${id}.`);
        await refreshEntities(r, [id]);
      });
    },

    /**
     * Removes an entity with its mentions and every relationship it takes part in (their evidence rows and
     * the chunks' references to them). Documents stay; re-reading one that names the entity brings it back.
     */
    async deleteEntity(id: string): Promise<{ neighbourIds: string[] }> {
      return db.write(async (r) => {
        if (!(await r.query('MATCH (e:Entity {id: $id}) RETURN e.id AS id', { id })).length)
          throw new AriadneError('not_found', `No entity ${id}.`);
        const mentions = (
          await r.query('MATCH (:Chunk)-[m:MENTIONS]->(:Entity {id: $id}) RETURN m.k AS k', { id })
        ).map((x) => Number(x.k));
        const rels = await r.query(
          `MATCH (a:Entity)-[x:RELATED]-(b:Entity) WHERE a.id = $id
           RETURN DISTINCT x.k AS k, b.id AS other`,
          { id },
        );
        const relKeys = [...new Set(rels.map((x) => Number(x.k)))];
        const neighbourIds = [...new Set(rels.map((x) => String(x.other)))].filter((o) => o !== id).sort();
        const chunkIds = relKeys.length
          ? (
              await r.query('MATCH (v:Evidence) WHERE v.k IN $ks RETURN DISTINCT v.chunkId AS c', {
                ks: relKeys,
              })
            ).map((x) => String(x.c))
          : [];
        const communities = (
          await r.query('MATCH (:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) RETURN c.id AS id', { id })
        ).map((x) => String(x.id));
        await r.query('MATCH (e:Entity {id: $id}) DETACH DELETE e', { id });
        await deleteByKeys(r, 'Mention', mentions);
        await deleteByKeys(r, 'Evidence', relKeys);
        // Chunks list the evidence extracted from them: drop the keys that no longer exist.
        const gone = new Set(relKeys);
        for (const c of await byPrimaryKey(r, 'Chunk', 'id', chunkIds, 'x.id AS id, x.evidenceKeys AS ks')) {
          const keep = list<number>(c.ks)
            .map(Number)
            .filter((k) => !gone.has(k));
          if (keep.length)
            await r.query('MATCH (c:Chunk {id: $id}) SET c.evidenceKeys = $ks', { id: c.id, ks: keep });
          else await r.query('MATCH (c:Chunk {id: $id}) SET c.evidenceKeys = NULL', { id: c.id });
        }
        if (communities.length)
          await r.query('UNWIND $ids AS i MATCH (c:Community {id: i}) SET c.stale = true', {
            ids: communities,
          });
        adjacency.markChanged([id, ...neighbourIds]);
        return { neighbourIds };
      });
    },
  };
}

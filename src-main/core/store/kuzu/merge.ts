import { randomUUID } from 'node:crypto';
import { AriadneError } from '../../../contract/errors';
import type { Clock } from '../../deps';
import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb, KuzuRunner, Row } from './kuzu-db';
import {
  linkMentions,
  relinkEvidence,
  unlinkEvidence,
  unlinkMentions,
  type EvidenceLink,
  type MentionLink,
} from './evidence-rows';
import { list } from './rows';
import { refreshEntities } from './refresh';
import type { MergeRecord } from '../types';
import { entityIdForKey } from '../ids';

/**
 * Everything needed to put a merged entity back exactly as it was. Mentions and evidence are recorded as
 * their edges (key, endpoints, confidence): the Mention / Evidence nodes with their text never move.
 */
interface MergeSnapshot {
  merged: Row;
  survivor: { pinnedName: string; extraAliases: string[] };
  mentions: MentionLink[];
  relations: EvidenceLink[];
  communities: string[];
}

const toMention = (x: Row): MentionLink => ({
  k: Number(x.k),
  chunkId: String(x.c),
  entityId: String(x.e),
  confidence: Number(x.confidence),
});
const toRelation = (x: Row): EvidenceLink => ({
  k: Number(x.k),
  src: String(x.s),
  dst: String(x.t),
  confidence: Number(x.confidence),
});

export function mergeOps(db: KuzuDb, clock: Clock, adjacency: AdjacencyIndex) {
  return {
    /**
     * Folds `mergedId` into `survivorId`: its mentions and evidence move to the survivor, its canonical key
     * resolves to the survivor. Recorded, and undoable.
     *
     * A merge by hand keeps the survivor's name (pinned) and makes the merged name a manual alias. An
     * automatic merge (ingestion found the two are one entity) pins nothing and adds no manual alias: name
     * and aliases stay derived from the mentions, so they do not depend on which document came first. It may
     * also create the survivor from `survivorKey` — ingestion keeps the smallest id of a group of keys, so a
     * group's id does not depend on arrival order either.
     */
    async mergeEntities(
      survivorId: string,
      mergedId: string,
      opts: { automatic?: boolean; survivorKey?: string } = {},
    ): Promise<MergeRecord & { changedEntityIds: string[] }> {
      if (survivorId === mergedId)
        throw new AriadneError('invalid_input', 'Cannot merge an entity into itself.');
      return db.write(async (r) => {
        const cols = `e.id AS id, e.canonicalKey AS canonicalKey, e.name AS name, e.pinnedName AS pinnedName,
          e.type AS type, e.extraAliases AS extraAliases, e.createdAt AS createdAt`;
        const ents = await r.query(`UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN ${cols}`, {
          ids: [survivorId, mergedId],
        });
        let survivor = ents.find((e) => e.id === survivorId);
        const merged = ents.find((e) => e.id === mergedId);
        if (!survivor && merged && opts.automatic && opts.survivorKey !== undefined) {
          if (entityIdForKey(opts.survivorKey) !== survivorId)
            throw new AriadneError('invalid_input', 'The survivor key does not derive the survivor id.');
          // Derived fields are filled by the refresh at the end of this transaction.
          await r.query(
            `CREATE (:Entity {id: $id, canonicalKey: $k, name: $name, pinnedName: '', type: $type, description: '',
               aliasText: '', confidence: 0.0, evidenceCount: 0, createdAt: $at})`,
            {
              id: survivorId,
              k: opts.survivorKey,
              name: merged.name,
              type: merged.type,
              at: merged.createdAt,
            },
          );
          survivor = (await r.query(`MATCH (e:Entity {id: $id}) RETURN ${cols}`, { id: survivorId }))[0];
        }
        if (!survivor || !merged)
          throw new AriadneError('not_found', 'Both entities must exist to merge them.');
        const snap: MergeSnapshot = {
          merged,
          survivor: {
            pinnedName: String(survivor.pinnedName ?? ''),
            extraAliases: list(survivor.extraAliases),
          },
          mentions: (
            await r.query(
              `MATCH (c:Chunk)-[m:MENTIONS]->(e:Entity {id: $id})
               RETURN c.id AS c, e.id AS e, m.k AS k, m.confidence AS confidence`,
              { id: mergedId },
            )
          ).map(toMention),
          relations: [
            ...(await r.query(
              `MATCH (a:Entity {id: $id})-[x:RELATED]->(b:Entity)
               RETURN a.id AS s, b.id AS t, x.k AS k, x.confidence AS confidence`,
              { id: mergedId },
            )),
            ...(await r.query(
              `MATCH (a:Entity)-[x:RELATED]->(b:Entity {id: $id}) WHERE a.id <> b.id
               RETURN a.id AS s, b.id AS t, x.k AS k, x.confidence AS confidence`,
              { id: mergedId },
            )),
          ].map(toRelation),
          communities: (
            await r.query('MATCH (:Entity {id: $id})-[:IN_COMMUNITY]->(c:Community) RETURN c.id AS id', {
              id: mergedId,
            })
          ).map((x) => String(x.id)),
        };
        const swap = (v: string) => (v === mergedId ? survivorId : v);
        // The merged entity's edges go with it; the same keys are linked to the survivor.
        await r.query('MATCH (e:Entity {id: $id}) DETACH DELETE e', { id: mergedId });
        await linkMentions(
          r,
          snap.mentions.map((m) => ({ ...m, entityId: survivorId })),
        );
        await relinkEvidence(
          r,
          snap.relations.map((x) => ({ ...x, src: swap(x.src), dst: swap(x.dst) })),
        );
        const extra = [
          ...new Set([
            ...list(survivor.extraAliases),
            ...(opts.automatic ? [] : [String(merged.name)]),
            ...list(merged.extraAliases),
          ]),
        ];
        const pin = opts.automatic
          ? String(survivor.pinnedName || merged.pinnedName || '')
          : String(survivor.pinnedName || survivor.name);
        await r.query('MATCH (e:Entity {id: $id}) SET e.pinnedName = $pin', { id: survivorId, pin });
        await setExtraAliases(r, survivorId, extra);
        if (snap.communities.length) {
          await r.query('UNWIND $ids AS i MATCH (c:Community {id: i}) SET c.stale = true', {
            ids: snap.communities,
          });
        }
        const rec = {
          id: randomUUID(),
          survivorId,
          mergedId,
          mergedKey: String(merged.canonicalKey),
          at: clock.now(),
        };
        await r.query(
          `CREATE (:EntityMerge {id: $id, survivorId: $survivorId, mergedId: $mergedId, mergedKey: $mergedKey, at: $at,
             snapshot: $snapshot})`,
          { ...rec, snapshot: JSON.stringify(snap) },
        );
        const refreshed = await refreshEntities(r, [survivorId]);
        // Marked inside the write: nothing reads the index before this transaction ends.
        adjacency.markChanged([survivorId, mergedId]);
        return {
          id: rec.id,
          survivorId,
          mergedId,
          at: rec.at,
          undoneAt: null,
          changedEntityIds: refreshed.changed,
        };
      });
    },

    /**
     * Restores the merged entity with the evidence it had, where that evidence still exists (a document
     * deleted since the merge stays deleted). Evidence added to the survivor after the merge stays with it.
     */
    async undoMerge(mergeId: string): Promise<{ restoredId: string; survivorId: string }> {
      return db.write(async (r) => {
        const rows = await r.query(
          'MATCH (m:EntityMerge {id: $id}) RETURN m.survivorId AS s, m.mergedId AS m, m.undoneAt AS u, m.snapshot AS snap',
          { id: mergeId },
        );
        const m = rows[0];
        if (!m) throw new AriadneError('not_found', `No merge ${mergeId}.`);
        if (m.u != null) throw new AriadneError('conflict', 'This merge was already undone.');
        const survivorId = String(m.s);
        const mergedId = String(m.m);
        const clash = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', {
          ids: [survivorId, mergedId],
        });
        if (!clash.some((x) => x.id === survivorId))
          throw new AriadneError('conflict', 'The surviving entity no longer exists.');
        if (clash.some((x) => x.id === mergedId))
          throw new AriadneError('conflict', 'An entity with the merged id exists again.');
        const snap = JSON.parse(String(m.snap)) as MergeSnapshot;
        const e = snap.merged;
        await r.query(
          `CREATE (:Entity {id: $id, canonicalKey: $k, name: $name, pinnedName: $pin, type: $type, description: '',
             aliasText: '', confidence: 0.0, evidenceCount: 0, createdAt: $at})`,
          {
            id: mergedId,
            k: e.canonicalKey,
            name: e.name,
            pin: e.pinnedName ?? '',
            type: e.type,
            at: e.createdAt,
          },
        );
        await setExtraAliases(r, mergedId, list(e.extraAliases));
        // Only what still exists moves back: evidence of a document deleted since the merge stays deleted.
        if (snap.mentions.length) {
          const keep = new Set(
            await unlinkMentions(
              r,
              snap.mentions.map((x) => ({ ...x, entityId: survivorId })),
            ),
          );
          await linkMentions(
            r,
            snap.mentions.filter((x) => keep.has(x.k)),
          );
        }
        if (snap.relations.length) {
          const swap = (v: string) => (v === mergedId ? survivorId : v);
          const keep = new Set(
            await unlinkEvidence(
              r,
              snap.relations.map((x) => ({ ...x, src: swap(x.src), dst: swap(x.dst) })),
            ),
          );
          await relinkEvidence(
            r,
            snap.relations.filter((x) => keep.has(x.k)),
          );
        }
        await r.query('MATCH (e:Entity {id: $id}) SET e.pinnedName = $pin', {
          id: survivorId,
          pin: snap.survivor.pinnedName,
        });
        await setExtraAliases(r, survivorId, snap.survivor.extraAliases);
        if (snap.communities.length) {
          await r.each(
            'MATCH (e:Entity {id: $e}), (c:Community {id: $c}) CREATE (e)-[:IN_COMMUNITY]->(c) SET c.stale = true',
            snap.communities.map((c) => ({ e: mergedId, c })),
          );
        }
        await r.query('MATCH (m:EntityMerge {id: $id}) SET m.undoneAt = $now', {
          id: mergeId,
          now: clock.now(),
        });
        await refreshEntities(r, [survivorId, mergedId]);
        adjacency.markChanged([survivorId, mergedId]);
        return { restoredId: mergedId, survivorId };
      });
    },

    /** Entities folded into another (merges not undone), oldest first. */
    async activeMerges(): Promise<{ mergedKey: string; mergedId: string; survivorId: string }[]> {
      const rows = await db.read((r) =>
        r.query(
          `MATCH (m:EntityMerge) WHERE m.undoneAt IS NULL
           RETURN m.mergedKey AS k, m.mergedId AS m, m.survivorId AS s ORDER BY m.at, m.id`,
        ),
      );
      return rows.map((x) => ({ mergedKey: String(x.k), mergedId: String(x.m), survivorId: String(x.s) }));
    },

    async listMerges(entityId?: string): Promise<MergeRecord[]> {
      const where = entityId ? 'WHERE m.survivorId = $e OR m.mergedId = $e' : '';
      const rows = await db.read((r) =>
        r.query(
          `MATCH (m:EntityMerge) ${where} RETURN m.id AS id, m.survivorId AS s, m.mergedId AS m, m.at AS at, m.undoneAt AS u ORDER BY at DESC`,
          entityId ? { e: entityId } : undefined,
        ),
      );
      return rows.map((x) => ({
        id: String(x.id),
        survivorId: String(x.s),
        mergedId: String(x.m),
        at: Number(x.at),
        undoneAt: x.u == null ? null : Number(x.u),
      }));
    },
  };
}

/** Empty lists cannot be passed as parameters (see kuzu-db.ts), so clearing is its own statement. */
async function setExtraAliases(r: KuzuRunner, id: string, aliases: string[]) {
  if (aliases.length) await r.query('MATCH (e:Entity {id: $id}) SET e.extraAliases = $a', { id, a: aliases });
  else await r.query('MATCH (e:Entity {id: $id}) SET e.extraAliases = NULL', { id });
}

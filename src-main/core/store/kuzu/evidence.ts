import { AriadneError } from '../../../contract/errors';
import type { Clock } from '../../deps';
import type { AdjacencyIndex } from './adjacency-index';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { entityIdForKey } from '../ids';
import { refreshEntities } from './refresh';
import { BULK_ROWS } from './rels';
import { byPrimaryKey } from './rows';
import { allocateKeys, insertEvidence, insertMentions, removeChunkEvidence } from './evidence-rows';
import {
  entityCandidates,
  entityReferences,
  evidenceChunkIds,
  evidenceRows,
  requireChunks,
  type ResolvedEntities,
} from '../mentions';
import type { ChunkEvidence, EvidenceResult } from '../types';

/**
 * Writes extraction results. One call is one transaction, whatever the batch size, so a crash leaves either
 * all of it or none of it. Re-adding a chunk first removes that chunk's previous evidence: steps are
 * idempotent by (document, chunk).
 */
export function evidenceOps(db: KuzuDb, clock: Clock, adjacency: AdjacencyIndex) {
  return {
    /** `bulk` (COPY under the checkpoint guard) defaults to batches of BULK_ROWS relationships or more. */
    async addEvidence(items: ChunkEvidence[], opts: { bulk?: boolean } = {}): Promise<EvidenceResult> {
      if (!items.length) return { entityIds: {}, touchedEntityIds: [], removedEntityIds: [] };
      const rels = items.reduce((n, it) => n + it.entities.length + it.relations.length, 0);
      const res = await db.write((r) => writeEvidence(r, items, clock.now()), {
        bulk: opts.bulk ?? rels >= BULK_ROWS,
      });
      adjacency.markChanged(res.affectedEntityIds);
      const { affectedEntityIds: _a, ...result } = res;
      return result;
    },
  };
}

async function writeEvidence(
  r: KuzuRunner,
  items: ChunkEvidence[],
  now: number,
): Promise<EvidenceResult & { affectedEntityIds: string[] }> {
  const cids = evidenceChunkIds(items);
  // By key: `UNWIND $ids … MATCH` would scan every chunk of the library.
  const chunkRows = await byPrimaryKey(r, 'Chunk', 'id', cids, 'x.id AS id, x.pageStart AS p');
  const pageStart = new Map(chunkRows.map((x) => [String(x.id), Number(x.p)]));
  requireChunks(cids, (c) => pageStart.has(c));

  const entityIds = await resolveEntities(r, items);

  // Previous evidence of these chunks goes first: re-running a chunk replaces, never duplicates.
  const previous = await removeChunkEvidence(r, cids);

  const created = await createMissingEntities(r, items, entityIds, now);

  const { mentions, relations } = evidenceRows(items, entityIds, (c) => pageStart.get(c));
  const base = await allocateKeys(r, mentions.length + relations.length);
  const keyed = mentions.map((m, i) => ({ ...m, k: base + i }));
  await insertMentions(r, keyed);
  await insertEvidence(
    r,
    relations.map((e, i) => ({ ...e, k: base + mentions.length + i })),
  );

  const affected = new Set<string>([...previous, ...entityIds.values()]);
  // The mentions just inserted need not be read back to derive their entities' fields.
  const refreshed = await refreshEntities(r, [...affected], new Map(keyed.map((m) => [m.k, m])));
  const touched = new Set([...created, ...refreshed.changed]);
  for (const id of refreshed.removed) touched.delete(id);
  return {
    entityIds: Object.fromEntries(entityIds),
    touchedEntityIds: [...touched].sort(),
    removedEntityIds: refreshed.removed,
    affectedEntityIds: [...affected],
  };
}

/** Maps every input key (or explicit id) to the entity id that receives the evidence. */
async function resolveEntities(r: KuzuRunner, items: ChunkEvidence[]): Promise<ResolvedEntities> {
  const out = new Map<string, string>();
  const { explicit, keys, ownIds } = entityReferences(items);
  if (explicit.size) {
    const found = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', {
      ids: [...explicit],
    });
    const have = new Set(found.map((x) => String(x.id)));
    // A new entity of the same batch (`ownIds`) is created below, from its own key.
    for (const id of explicit) {
      if (!have.has(id) && !ownIds.has(id)) throw new AriadneError('not_found', `No entity ${id}.`);
      out.set(id, id);
    }
  }
  if (keys.size) {
    const byId = new Map([...keys].map((k) => [entityIdForKey(k), k]));
    const found = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', {
      ids: [...byId.keys()],
    });
    for (const x of found) {
      const key = byId.get(String(x.id));
      if (key !== undefined) out.set(key, String(x.id));
    }
    const rest = [...keys].filter((k) => !out.has(k));
    if (rest.length) {
      // A key merged into another entity keeps pointing at the survivor until the merge is undone.
      const redirects = await r.query(
        'MATCH (m:EntityMerge) WHERE m.mergedKey IN $keys AND m.undoneAt IS NULL RETURN m.mergedKey AS k, m.survivorId AS s',
        { keys: rest },
      );
      const live = await liveSurvivors(
        r,
        redirects.map((x) => String(x.s)),
      );
      for (const x of redirects) {
        const s = live.get(String(x.s));
        if (s) out.set(String(x.k), s);
      }
    }
    for (const k of keys) if (!out.has(k)) out.set(k, entityIdForKey(k));
  }
  return out;
}

async function createMissingEntities(
  r: KuzuRunner,
  items: ChunkEvidence[],
  entityIds: ResolvedEntities,
  now: number,
): Promise<string[]> {
  const candidates = entityCandidates(items, entityIds);
  // A passage without entities is normal (a heading, a table caption); Kùzu refuses an empty list parameter.
  if (!candidates.size) return [];
  const existing = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', {
    ids: [...candidates.keys()],
  });
  for (const x of existing) candidates.delete(String(x.id));
  if (!candidates.size) return [];
  const rows = [...candidates].map(([id, c]) => ({ id, key: c.key, name: c.name, type: c.type, now }));
  // Derived fields are filled by the refresh that follows in the same transaction.
  await r.query(
    // CREATE, not COPY: the refresh below updates these rows in the same transaction, and Kùzu 0.11 cannot
    // replay a WAL holding a COPY followed by updates of the copied rows (segfault on reopen after a crash).
    `UNWIND $rows AS x CREATE (:Entity {id: x.id, canonicalKey: x.key, name: x.name, pinnedName: '', type: x.type,
       description: '', aliasText: '', confidence: 0.0, evidenceCount: 0, createdAt: x.now})`,
    { rows },
  );
  return rows.map((x) => x.id);
}

/**
 * A merge's survivor may itself have been merged since: follows each chain to the entity that exists.
 * Ids whose chain ends nowhere (the survivor was deleted with its document) are left out.
 */
async function liveSurvivors(r: KuzuRunner, ids: string[]): Promise<Map<string, string>> {
  const at = new Map(ids.map((id) => [id, id]));
  for (let hop = 0; hop < 16 && at.size; hop++) {
    const targets = [...new Set(at.values())];
    const found = await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) RETURN e.id AS id', {
      ids: targets,
    });
    const exists = new Set(found.map((x) => String(x.id)));
    const open = targets.filter((t) => !exists.has(t));
    if (!open.length) return at;
    const next = new Map(
      (
        await r.query(
          'MATCH (m:EntityMerge) WHERE m.mergedId IN $ids AND m.undoneAt IS NULL RETURN m.mergedId AS m, m.survivorId AS s',
          { ids: open },
        )
      ).map((x) => [String(x.m), String(x.s)]),
    );
    for (const [id, t] of at) {
      if (exists.has(t)) continue;
      const n = next.get(t);
      if (n) at.set(id, n);
      else at.delete(id);
    }
  }
  return at;
}

import { AriadneError } from '../../../contract/errors';
import type { GraphReader, GraphWriter } from '../graph-port';
import { entityIdForKey } from '../ids';
import type { ChunkEvidence, EvidenceResult } from '../types';
import {
  entityCandidates,
  entityReferences,
  evidenceChunkIds,
  evidenceRows,
  requireChunks,
  type ResolvedEntities,
} from './mentions';
import { refreshEntities } from './refresh';

/**
 * From this many mentions and relations on, a batch is a bulk write (the backend may take a faster path:
 * Kùzu's COPY plus its guard's file copy beats one statement per row, about 0.7-1.4 ms each, once a batch
 * takes more than a few seconds).
 */
export const BULK_ROWS = 5000;

/** Whether a batch of evidence is large enough to be written in bulk. */
export const isBulkEvidence = (items: ChunkEvidence[]) =>
  items.reduce((n, it) => n + it.entities.length + it.relations.length, 0) >= BULK_ROWS;

/**
 * Writes what extraction found in chunks, in the caller's transaction. Re-adding a chunk first removes that
 * chunk's previous evidence: steps are idempotent by (document, chunk).
 */
export async function writeEvidence(
  tx: GraphWriter,
  items: ChunkEvidence[],
  now: number,
): Promise<EvidenceResult> {
  const cids = evidenceChunkIds(items);
  const pageStart = new Map((await tx.chunksById(cids)).map((c) => [c.id, c.pageStart]));
  requireChunks(cids, (c) => pageStart.has(c));

  const entityIds = await resolveKeys(tx, items);
  // Previous evidence of these chunks goes first: re-running a chunk replaces, never duplicates.
  const previous = await tx.removeChunkEvidence(cids);
  const created = await createMissingEntities(tx, items, entityIds, now);

  const { mentions, relations } = evidenceRows(items, entityIds, (c) => pageStart.get(c));
  const base = await tx.allocateKeys(mentions.length + relations.length);
  await tx.insertMentions(mentions.map((m, i) => ({ ...m, k: base + i })));
  await tx.insertEvidence(relations.map((e, i) => ({ ...e, k: base + mentions.length + i })));

  const refreshed = await refreshEntities(tx, [...previous, ...entityIds.values()]);
  const touched = new Set([...created, ...refreshed.changed]);
  for (const id of refreshed.removed) touched.delete(id);
  return {
    entityIds: Object.fromEntries(entityIds),
    touchedEntityIds: [...touched].sort(),
    removedEntityIds: refreshed.removed,
  };
}

/** Maps every input key (or explicit id) to the entity id that receives the evidence. */
async function resolveKeys(tx: GraphReader, items: ChunkEvidence[]): Promise<ResolvedEntities> {
  const out = new Map<string, string>();
  const { explicit, keys, ownIds } = entityReferences(items);
  if (explicit.size) {
    const have = await tx.existingEntityIds([...explicit]);
    // A new entity of the same batch (`ownIds`) is created below, from its own key.
    for (const id of explicit) {
      if (!have.has(id) && !ownIds.has(id)) throw new AriadneError('not_found', `No entity ${id}.`);
      out.set(id, id);
    }
  }
  if (!keys.size) return out;
  const byId = new Map([...keys].map((k) => [entityIdForKey(k), k]));
  for (const id of await tx.existingEntityIds([...byId.keys()])) {
    const key = byId.get(id);
    if (key !== undefined) out.set(key, id);
  }
  const rest = [...keys].filter((k) => !out.has(k));
  if (rest.length) {
    // A key merged into another entity keeps pointing at the survivor until the merge is undone.
    const redirects = await tx.merges({ active: true, mergedKeys: rest });
    const live = await liveSurvivors(
      tx,
      redirects.map((m) => m.survivorId),
    );
    for (const m of redirects) {
      const s = live.get(m.survivorId);
      if (s) out.set(m.mergedKey, s);
    }
  }
  for (const k of keys) if (!out.has(k)) out.set(k, entityIdForKey(k));
  return out;
}

/** Creates the entities the batch names that do not exist yet; returns their ids. */
async function createMissingEntities(
  tx: GraphWriter,
  items: ChunkEvidence[],
  entityIds: ResolvedEntities,
  now: number,
): Promise<string[]> {
  const candidates = entityCandidates(items, entityIds);
  // A passage without entities is normal (a heading, a table caption).
  if (!candidates.size) return [];
  for (const id of await tx.existingEntityIds([...candidates.keys()])) candidates.delete(id);
  if (!candidates.size) return [];
  // Derived fields are filled by the refresh that follows in the same transaction.
  await tx.createEntities(
    [...candidates].map(([id, c]) => ({
      id,
      canonicalKey: c.key,
      name: c.name,
      type: c.type,
      pinnedName: '',
      extraAliases: [],
      createdAt: now,
    })),
  );
  return [...candidates.keys()];
}

/**
 * A merge's survivor may itself have been merged since: follows each chain to the entity that exists.
 * Ids whose chain ends nowhere (the survivor was deleted with its document) are left out.
 */
async function liveSurvivors(tx: GraphReader, ids: string[]): Promise<Map<string, string>> {
  const at = new Map(ids.map((id) => [id, id]));
  for (let hop = 0; hop < 16 && at.size; hop++) {
    const targets = [...new Set(at.values())];
    const exists = await tx.existingEntityIds(targets);
    const open = targets.filter((t) => !exists.has(t));
    if (!open.length) return at;
    const next = new Map(
      (await tx.merges({ active: true, mergedIds: open })).map((m) => [m.mergedId, m.survivorId]),
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

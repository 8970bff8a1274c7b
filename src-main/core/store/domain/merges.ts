import { randomUUID } from 'node:crypto';
import { AriadneError } from '../../../contract/errors';
import type { EntityRow, GraphWriter, MentionLink, RelatedLink } from '../graph-port';
import { entityIdForKey } from '../ids';
import type { MergeRecord } from '../types';
import { refreshEntities } from './refresh';

/**
 * Everything needed to put a merged entity back exactly as it was, stored with the merge as JSON (libraries
 * keep merges made by earlier versions: the shape stays). Mentions and evidence are recorded as their rows'
 * keys, endpoints and confidence: what they say never moves.
 */
interface MergeSnapshot {
  merged: Pick<EntityRow, 'id' | 'canonicalKey' | 'name' | 'pinnedName' | 'type' | 'createdAt'> & {
    extraAliases: string[] | null;
  };
  survivor: { pinnedName: string; extraAliases: string[] };
  mentions: MentionLink[];
  relations: RelatedLink[];
  communities: string[];
}

/**
 * Folds `mergedId` into `survivorId`: its mentions and evidence move to the survivor, its canonical key
 * resolves to the survivor. Recorded, and undoable.
 *
 * A merge by hand keeps the survivor's name (pinned) and makes the merged name a manual alias. An automatic
 * merge (ingestion found the two are one entity) pins nothing and adds no manual alias: name and aliases
 * stay derived from the mentions, so they do not depend on which document came first. It may also create
 * the survivor from `survivorKey` — ingestion keeps the smallest id of a group of keys, so a group's id does
 * not depend on arrival order either.
 */
export async function mergeEntities(
  tx: GraphWriter,
  survivorId: string,
  mergedId: string,
  opts: { automatic?: boolean; survivorKey?: string },
  now: number,
): Promise<MergeRecord & { changedEntityIds: string[] }> {
  if (survivorId === mergedId) throw new AriadneError('invalid_input', 'Cannot merge an entity into itself.');
  const ents = await tx.entities([survivorId, mergedId]);
  let survivor = ents.find((e) => e.id === survivorId);
  const merged = ents.find((e) => e.id === mergedId);
  if (!survivor && merged && opts.automatic && opts.survivorKey !== undefined) {
    if (entityIdForKey(opts.survivorKey) !== survivorId)
      throw new AriadneError('invalid_input', 'The survivor key does not derive the survivor id.');
    // Derived fields are filled by the refresh at the end of this transaction.
    survivor = {
      ...merged,
      id: survivorId,
      canonicalKey: opts.survivorKey,
      pinnedName: '',
      extraAliases: [],
    };
    await tx.createEntities([survivor]);
  }
  if (!survivor || !merged) throw new AriadneError('not_found', 'Both entities must exist to merge them.');
  const snap: MergeSnapshot = {
    merged: {
      id: merged.id,
      canonicalKey: merged.canonicalKey,
      name: merged.name,
      pinnedName: merged.pinnedName,
      type: merged.type,
      extraAliases: merged.extraAliases,
      createdAt: merged.createdAt,
    },
    survivor: { pinnedName: survivor.pinnedName, extraAliases: survivor.extraAliases },
    mentions: await tx.mentionLinks([mergedId]),
    relations: (await tx.relatedOf(mergedId)).map(({ k, src, dst, confidence }) => ({
      k,
      src,
      dst,
      confidence,
    })),
    communities: (await tx.memberships([mergedId])).map((m) => m.communityId),
  };
  await tx.foldEntity(mergedId, survivorId, snap);
  await tx.setEntityOverrides(survivorId, {
    pinnedName: opts.automatic
      ? survivor.pinnedName || merged.pinnedName
      : survivor.pinnedName || survivor.name,
    extraAliases: [
      ...new Set([
        ...survivor.extraAliases,
        ...(opts.automatic ? [] : [merged.name]),
        ...merged.extraAliases,
      ]),
    ],
  });
  if (snap.communities.length) await tx.markStale({ communityIds: snap.communities });
  const rec = {
    id: randomUUID(),
    survivorId,
    mergedId,
    mergedKey: merged.canonicalKey,
    at: now,
    undoneAt: null,
  };
  await tx.insertMerge({ ...rec, snapshot: JSON.stringify(snap) });
  const refreshed = await refreshEntities(tx, [survivorId]);
  return {
    id: rec.id,
    survivorId,
    mergedId,
    at: rec.at,
    undoneAt: null,
    changedEntityIds: refreshed.changed,
  };
}

/**
 * Restores the merged entity with the evidence it had, where that evidence still exists (a document
 * deleted since the merge stays deleted). Evidence added to the survivor after the merge stays with it.
 */
export async function undoMerge(
  tx: GraphWriter,
  mergeId: string,
  now: number,
): Promise<{ restoredId: string; survivorId: string }> {
  const m = await tx.mergeWithSnapshot(mergeId);
  if (!m) throw new AriadneError('not_found', `No merge ${mergeId}.`);
  if (m.undoneAt !== null) throw new AriadneError('conflict', 'This merge was already undone.');
  const { survivorId, mergedId } = m;
  const exist = await tx.existingEntityIds([survivorId, mergedId]);
  if (!exist.has(survivorId)) throw new AriadneError('conflict', 'The surviving entity no longer exists.');
  if (exist.has(mergedId)) throw new AriadneError('conflict', 'An entity with the merged id exists again.');
  const snap = JSON.parse(m.snapshot) as MergeSnapshot;
  const e = snap.merged;
  await tx.createEntities([
    {
      id: mergedId,
      canonicalKey: e.canonicalKey,
      name: e.name,
      type: e.type,
      pinnedName: e.pinnedName ?? '',
      extraAliases: e.extraAliases ?? [],
      createdAt: e.createdAt,
    },
  ]);
  // Only what still exists moves back: evidence of a document deleted since the merge stays deleted.
  const swap = (v: string) => (v === mergedId ? survivorId : v);
  if (snap.mentions.length)
    await tx.moveMentions(snap.mentions.map((x) => ({ ...x, entityId: survivorId, to: x.entityId })));
  if (snap.relations.length)
    await tx.moveEvidence(
      snap.relations.map((x) => ({ ...x, src: swap(x.src), dst: swap(x.dst), toSrc: x.src, toDst: x.dst })),
    );
  await tx.setEntityOverrides(survivorId, {
    pinnedName: snap.survivor.pinnedName,
    extraAliases: snap.survivor.extraAliases,
  });
  if (snap.communities.length) await tx.addMemberships(mergedId, snap.communities);
  await tx.setMergeUndone(mergeId, now);
  await refreshEntities(tx, [survivorId, mergedId]);
  return { restoredId: mergedId, survivorId };
}

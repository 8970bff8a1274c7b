import type { GraphWriter } from '../graph-port';
import {
  allocateKeys,
  insertEvidence,
  insertMentions,
  linkMentions,
  relinkEvidence,
  removeChunkEvidence,
  unlinkEvidence,
  unlinkMentions,
} from './evidence-rows';
import type { KuzuRunner } from './kuzu-db';
import type { TransactionState } from './transaction-state';

/**
 * The port's writes of mention and evidence rows on Kùzu (the statements live in evidence-rows.ts). A merge
 * detaches the merged entity in one statement and links its keys to the survivor; an undo, and anything
 * that moves rows that may have changed since, deletes one relationship per statement (see
 * unlinkEvidence) and relinks only what it found.
 */
type EvidenceWrites = Pick<
  GraphWriter,
  | 'removeChunkEvidence'
  | 'allocateKeys'
  | 'insertMentions'
  | 'insertEvidence'
  | 'foldEntity'
  | 'moveMentions'
  | 'moveEvidence'
>;

/** Mention and evidence rows, written. */
export const evidenceWrites = (r: KuzuRunner, tx: TransactionState): EvidenceWrites => ({
  async removeChunkEvidence(chunkIds) {
    const affected = await removeChunkEvidence(r, chunkIds);
    for (const id of affected) tx.changed.add(id);
    const cleared = new Set(chunkIds);
    for (const c of cleared) tx.cleared.add(c);
    for (const [k, l] of tx.links) if (cleared.has(l.chunkId)) tx.links.delete(k);
    return affected;
  },

  allocateKeys: (n) => allocateKeys(r, n),

  async insertMentions(rows) {
    for (const m of rows) {
      tx.changed.add(m.entityId);
      tx.mentions.set(m.k, { id: m.id, surface: m.surface, type: m.type, description: m.description });
      tx.links.set(m.k, { k: m.k, chunkId: m.chunkId, entityId: m.entityId, confidence: m.confidence });
    }
    await insertMentions(r, rows);
  },

  async insertEvidence(rows) {
    for (const e of rows) tx.changed.add(e.src).add(e.dst);
    await insertEvidence(r, rows);
  },

  async foldEntity(mergedId, survivorId, rows) {
    tx.changed.add(mergedId).add(survivorId);
    const swap = (v: string) => (v === mergedId ? survivorId : v);
    // The merged entity's edges go with it; the same keys are linked to the survivor.
    await r.query('MATCH (e:Entity {id: $id}) DETACH DELETE e', { id: mergedId });
    for (const l of tx.links.values()) if (l.entityId === mergedId) l.entityId = survivorId;
    for (const m of rows.mentions) tx.links.set(m.k, { ...m, entityId: survivorId });
    await linkMentions(
      r,
      rows.mentions.map((m) => ({ ...m, entityId: survivorId })),
    );
    await relinkEvidence(
      r,
      rows.relations.map((x) => ({ ...x, src: swap(x.src), dst: swap(x.dst) })),
    );
  },

  async moveMentions(rows) {
    for (const m of rows) tx.changed.add(m.entityId).add(m.to);
    const moved = new Set(await unlinkMentions(r, rows));
    for (const m of rows)
      if (moved.has(m.k))
        tx.links.set(m.k, { k: m.k, chunkId: m.chunkId, entityId: m.to, confidence: m.confidence });
    await linkMentions(
      r,
      rows.filter((m) => moved.has(m.k)).map((m) => ({ ...m, entityId: m.to })),
    );
    return [...moved];
  },

  async moveEvidence(rows) {
    for (const x of rows) tx.changed.add(x.src).add(x.dst).add(x.toSrc).add(x.toDst);
    const moved = new Set(await unlinkEvidence(r, rows));
    await relinkEvidence(
      r,
      rows
        .filter((x) => moved.has(x.k))
        .map((x) => ({ k: x.k, src: x.toSrc, dst: x.toDst, confidence: x.confidence })),
    );
    return [...moved];
  },
});

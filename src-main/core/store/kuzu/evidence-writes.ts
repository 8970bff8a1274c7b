import type { GraphWriter, MentionText } from '../graph-port';
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

/** What a write transaction keeps beside its statements. */
export interface TransactionState {
  /** Entities whose relationships, type or existence changed: the adjacency index re-reads them after. */
  changed: Set<string>;
  /** Mentions written in this transaction, so deriving entity fields need not read them back. */
  mentions: Map<number, MentionText>;
}

/** Mention and evidence rows, written. */
export const evidenceWrites = (r: KuzuRunner, tx: TransactionState): EvidenceWrites => ({
  async removeChunkEvidence(chunkIds) {
    const affected = await removeChunkEvidence(r, chunkIds);
    for (const id of affected) tx.changed.add(id);
    return affected;
  },

  allocateKeys: (n) => allocateKeys(r, n),

  async insertMentions(rows) {
    for (const m of rows) {
      tx.changed.add(m.entityId);
      tx.mentions.set(m.k, { id: m.id, surface: m.surface, description: m.description });
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

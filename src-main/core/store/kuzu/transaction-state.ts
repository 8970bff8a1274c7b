import type { MentionLink, MentionText } from '../graph-port';

/**
 * What a write transaction keeps beside its statements, so that its own reads need not trust Kùzu's.
 *
 * Kùzu 0.11.3 misreads MENTIONS edges inside the transaction that replaced them when the replaced edges had
 * been checkpointed: after a passage's draft links (checkpointed) are deleted and its refined ones created,
 * every read of the new links in that transaction returned the first of them, once per link (42 rows, one
 * key), and the other entities read as unmentioned. Refreshing entities from that read deleted live ones
 * with their links and left Mention rows orphaned, so two ingests of the same files could keep different
 * evidence. After COMMIT the edges read correctly. So the transaction answers for the links it touched.
 */
export interface TransactionState {
  /** Entities whose relationships, type or existence changed: the adjacency index re-reads them after. */
  changed: Set<string>;
  /** Mentions written in this transaction, so deriving entity fields need not read them back. */
  mentions: Map<number, MentionText>;
  /** MENTIONS edges this transaction created or re-pointed, by key: where each now points. */
  links: Map<number, MentionLink>;
  /** Chunks whose evidence this transaction removed: their older links are gone whatever a read says. */
  cleared: Set<string>;
}

export const newTransactionState = (): TransactionState => ({
  changed: new Set(),
  mentions: new Map(),
  links: new Map(),
  cleared: new Set(),
});

/** The links of these entities: what the store read, corrected by what this transaction itself did. */
export function correctedLinks(
  read: MentionLink[],
  entityIds: readonly string[],
  tx: Pick<TransactionState, 'links' | 'cleared'>,
): MentionLink[] {
  if (!tx.links.size && !tx.cleared.size) return read;
  const want = new Set(entityIds);
  const out = new Map<number, MentionLink>();
  for (const l of read) {
    if (tx.links.has(l.k) || tx.cleared.has(l.chunkId) || out.has(l.k)) continue;
    out.set(l.k, l);
  }
  for (const l of tx.links.values()) if (want.has(l.entityId)) out.set(l.k, l);
  return [...out.values()];
}

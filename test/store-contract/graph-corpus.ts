import type { GraphStore } from '../../src-main/core/store/graph-store';
import { entityIdForKey } from '../../src-main/core/store/ids';
import { DOC_A, DOC_B } from '../integration/helpers/store-corpus';
import type { SyntheticDoc } from '../integration/helpers/store-fixtures';

export { DOC_A, DOC_B };

/** Entity ids of the two-paper corpus (store-corpus.ts): the keys derive them in every backend. */
export const AKK = entityIdForKey('akkermansia muciniphila|organism');
export const OB = entityIdForKey('obesity|disease');
export const OEA = entityIdForKey('oleoylethanolamide|chemical');
export const MOUSE = entityIdForKey('mouse|organism');
export const EPI = entityIdForKey('intestinal epithelium|anatomy');

/** Writes a document the way ingestion does, graph only: document, chunks, evidence, one question each. */
export async function load(g: GraphStore, doc: SyntheticDoc, year = 2020): Promise<void> {
  await g.upsertDocument({ id: doc.id, title: doc.title, status: 'ready', year, pages: doc.chunks.length });
  await g.upsertChunks(
    doc.id,
    doc.chunks.map((c, i) => ({
      index: i,
      text: c.text,
      pageStart: i + 1,
      pageEnd: i + 1,
      charStart: i * 1000,
      charEnd: i * 1000 + c.text.length,
    })),
  );
  await g.addEvidence(doc.chunks.map((c, i) => ({ docId: doc.id, chunkIndex: i, ...c.evidence })));
  await g.setQuestions(
    doc.chunks.map((c, i) => ({
      id: `${doc.id}:${i}:q0`,
      docId: doc.id,
      chunkIndex: i,
      text: `About ${c.text}?`,
    })),
  );
}

/** Both papers: Akkermansia at the centre, related to obesity (twice), OEA, mice and the epithelium. */
export async function loadBoth(g: GraphStore): Promise<void> {
  await load(g, DOC_A);
  await load(g, DOC_B);
}

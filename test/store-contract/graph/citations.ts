import { describe, expect, it } from 'vitest';
import { DOC_A as A, DOC_B as B } from '../graph-corpus';
import type { GraphContract } from './context';

const DOC_A = A.id;
const DOC_B = B.id;

type Row = { from: string; to: string; ref: number };
const ordered = (rows: Row[]) =>
  rows.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0));

/** CITES between documents: replaced per citing document, gone with either end, kept across a reopen. */
export function citationsContract({ both, reopen }: GraphContract): void {
  describe('citations', () => {
    it('replaces a document’s citations, skips itself, repeats and unknown documents', async () => {
      const g = await both();
      await g.upsertDocument({ id: 'd-third', title: 'Third', status: 'ready', year: 2020 });
      await g.setCitations(DOC_A, [
        { to: DOC_B, ref: 3 },
        { to: DOC_B, ref: 7 },
        { to: DOC_A, ref: 1 },
        { to: 'no-such-doc', ref: 2 },
        { to: 'd-third', ref: 5 },
      ]);
      await g.setCitations(DOC_B, [{ to: 'd-third', ref: 0 }]);
      expect(await g.listCitations()).toEqual(
        ordered([
          { from: DOC_A, to: DOC_B, ref: 3 },
          { from: DOC_A, to: 'd-third', ref: 5 },
          { from: DOC_B, to: 'd-third', ref: 0 },
        ]),
      );
      await g.setCitations(DOC_A, [{ to: 'd-third', ref: 9 }]);
      expect(await g.listCitations()).toEqual(
        ordered([
          { from: DOC_A, to: 'd-third', ref: 9 },
          { from: DOC_B, to: 'd-third', ref: 0 },
        ]),
      );
      const again = await reopen();
      expect(await again.listCitations()).toHaveLength(2);
      await again.deleteDocument('d-third');
      expect(await again.listCitations()).toEqual([]);
      await again.setCitations(DOC_B, [{ to: DOC_A, ref: 1 }]);
      await again.deleteDocument(DOC_B);
      expect(await again.listCitations()).toEqual([]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { summariseImport, summariseZotero } from './import-summary';

describe('import summaries', () => {
  it('counts added, updated, duplicates and failures separately, with each failure’s reason', () => {
    const s = summariseImport({
      added: [
        { id: 'a', fileName: 'good.pdf', duplicate: false },
        { id: 'b', fileName: 'scan.pdf', duplicate: false },
        { id: 'c', fileName: 'new-version.pdf', duplicate: false, updated: true },
        { id: 'd', fileName: 'good-copy.pdf', duplicate: true },
      ],
      rejected: [{ fileName: 'notes.docx', reason: 'unsupported file type (PDF, .txt or .md)' }],
      failed: [
        { id: 'e', fileName: 'broken.pdf', reason: 'not a PDF / corrupt' },
        { id: 'f', fileName: 'locked.pdf', reason: 'password-protected' },
      ],
    });
    expect(s.text).toBe(
      '2 documents added · 1 document updated · 1 already in the library (good-copy.pdf) · 3 failed ' +
        '(broken.pdf: not a PDF / corrupt; locked.pdf: password-protected; notes.docx: unsupported file type (PDF, .txt or .md))',
    );
    expect(s).toMatchObject({ failed: false, partly: true });
    expect(
      summariseImport({
        added: [],
        rejected: [],
        failed: [{ id: 'x', fileName: 'x.pdf', reason: 'truncated' }],
      }),
    ).toMatchObject({ text: '1 failed (x.pdf: truncated)', failed: true });
  });
  it('says "1 added, 1 updated" for a Zotero import of one new item and one already read', () => {
    expect(
      summariseZotero({
        items: 2,
        added: [
          { id: 'a', fileName: 'a.pdf', duplicate: false, itemKey: 'AAAA2222' },
          { id: 'b', fileName: 'b.pdf', duplicate: true, itemKey: 'BBBB2222' },
        ],
        known: 0,
        updated: 1,
        withoutFile: [],
        rejected: [],
      }).text,
    ).toBe('Zotero: 1 added, 1 updated.');
  });
});

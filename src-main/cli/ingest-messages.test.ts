import { describe, expect, it } from 'vitest';
import { kindOfFile } from '../core/ingest/expand-paths';
import { folderNotes, nothingToAdd, parseOnly, selectFiles } from './ingest-messages';

const item = (p: string) => ({ fileName: p.split('/').pop()!, originalPath: p });

describe('ingest messages', () => {
  it('parses --only and refuses unknown types', () => {
    expect(parseOnly('PDF, .md')).toEqual(['pdf', 'md']);
    expect(() => parseOnly('docx')).toThrow(/pdf, txt, md/);
  });

  it('keeps what --only leaves out, with the reason', () => {
    const found = { items: [item('/p/a.pdf'), item('/p/SOURCE.txt')], rejected: [], skipped: ['/p/b.docx'] };
    const sel = selectFiles(found, ['pdf'], kindOfFile);
    expect(sel.take).toEqual(['/p/a.pdf']);
    expect(sel.skipped).toEqual([
      { file: '/p/b.docx', reason: 'not a PDF, .txt or .md file' },
      { file: '/p/SOURCE.txt', reason: 'not selected by --only pdf' },
    ]);
  });

  it('ends every empty selection with the next step', () => {
    const none = { items: [], rejected: [], skipped: [] };
    expect(nothingToAdd(['/e'], none, selectFiles(none, undefined, kindOfFile))).toMatch(/put PDFs in it/);
    const named = {
      items: [],
      rejected: [{ fileName: 'r.docx', reason: 'unsupported file type' }],
      skipped: [],
    };
    expect(nothingToAdd(['r.docx'], named, selectFiles(named, undefined, kindOfFile))).toMatch(
      /reads PDF, \.txt and \.md/,
    );
    const gone = { items: [], rejected: [{ fileName: 'x', reason: 'not found' }], skipped: [] };
    expect(nothingToAdd(['x'], gone, selectFiles(gone, undefined, kindOfFile))).toMatch(/Check the paths/);
    const onlyMd = { items: [item('/p/a.pdf')], rejected: [], skipped: [] };
    expect(nothingToAdd(['/p'], onlyMd, selectFiles(onlyMd, ['md'], kindOfFile))).toMatch(/without --only/);
  });

  it('offers --only pdf only when text files came along with PDFs', () => {
    const mixed = selectFiles(
      { items: [item('/p/a.pdf'), item('/p/SOURCE.txt')], rejected: [], skipped: [] },
      undefined,
      kindOfFile,
    );
    expect(folderNotes(['/p'], mixed, { added: 2, known: 0 }, false).join('\n')).toContain(
      'ariadne ingest /p --only pdf',
    );
    const pdfs = selectFiles({ items: [item('/p/a.pdf')], rejected: [], skipped: [] }, undefined, kindOfFile);
    expect(folderNotes(['/p'], pdfs, { added: 0, known: 1 }, false)).toEqual([
      'Added 0 new document(s); 1 already in the library.',
    ]);
  });
});

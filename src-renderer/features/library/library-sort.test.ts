import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../src-main/contract/library';
import { firstAuthor, nextSort, sortDocuments } from './library-sort';

const doc = (o: Partial<DocumentSummary>): DocumentSummary => ({
  id: o.id ?? 'd',
  title: '',
  authors: [],
  year: null,
  doi: null,
  fileName: 'f.pdf',
  kind: 'pdf',
  pages: 1,
  status: 'done',
  stage: 'done',
  chunksDone: 1,
  chunksTotal: 1,
  chunksFailed: 0,
  entities: 0,
  relationships: 0,
  etaMs: null,
  error: null,
  addedAt: '2026-01-01T00:00:00Z',
  ...o,
});

describe('library table sorting', () => {
  const a = doc({ id: 'a', title: 'Beta', authors: ['Ann Zeller'], year: 2010, entities: 5 });
  const b = doc({ id: 'b', title: 'alpha', authors: ['Smith, John'], year: 2020, entities: 9 });
  const c = doc({ id: 'c', title: '', fileName: 'gamma.pdf', year: null, status: 'running' });

  it('sorts by title case-insensitively, the file name standing in for a missing title', () => {
    expect(sortDocuments([a, b, c], { key: 'title', dir: 'asc' }).map((d) => d.id)).toEqual(['b', 'a', 'c']);
  });
  it('sorts by first author family name in both name orders', () => {
    expect(firstAuthor(a)).toBe('Zeller');
    expect(firstAuthor(b)).toBe('Smith');
    expect(sortDocuments([a, b], { key: 'author', dir: 'asc' }).map((d) => d.id)).toEqual(['b', 'a']);
  });
  it('puts unknown years last when newest come first, and work in progress first by status', () => {
    expect(sortDocuments([a, b, c], { key: 'year', dir: 'desc' }).map((d) => d.id)).toEqual(['b', 'a', 'c']);
    expect(sortDocuments([a, b, c], { key: 'status', dir: 'asc' })[0]!.id).toBe('c');
  });
  it('toggles direction on the same column; numbers start descending, words ascending', () => {
    expect(nextSort({ key: 'title', dir: 'asc' }, 'title')).toEqual({ key: 'title', dir: 'desc' });
    expect(nextSort({ key: 'title', dir: 'asc' }, 'entities')).toEqual({ key: 'entities', dir: 'desc' });
    expect(nextSort({ key: 'year', dir: 'desc' }, 'doi')).toEqual({ key: 'doi', dir: 'asc' });
  });
});

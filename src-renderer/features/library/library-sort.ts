import type { DocumentSummary } from '../../../src-main/contract/library';

export type SortKey = 'title' | 'author' | 'year' | 'doi' | 'status' | 'entities' | 'added';
export interface SortState {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Columns of the library table, as Zotero shows a collection. */
export const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'title', label: 'Title' },
  { key: 'author', label: 'First author' },
  { key: 'year', label: 'Year', numeric: true },
  { key: 'doi', label: 'DOI' },
  { key: 'status', label: 'Status' },
  { key: 'entities', label: 'Entities', numeric: true },
  { key: 'added', label: 'Added', numeric: true },
];

export const titleOf = (d: DocumentSummary) => d.title || d.fileName;

/** Family name of the first author ("Jane M. Smith" → "Smith"), as reference managers list it. */
export function firstAuthor(d: DocumentSummary): string {
  const a = d.authors[0];
  if (!a) return '';
  if (a.includes(',')) return (a.split(',')[0] ?? a).trim();
  const parts = a.trim().split(/\s+/);
  return parts[parts.length - 1] ?? a;
}

const STATUS_ORDER: Record<string, number> = {
  running: 0,
  queued: 1,
  failed: 2,
  dead_lettered: 2,
  partially_failed: 3,
  cancelled: 4,
  done: 5,
};

const keyOf: Record<SortKey, (d: DocumentSummary) => string | number> = {
  title: (d) => titleOf(d).toLowerCase(),
  author: (d) => firstAuthor(d).toLowerCase(),
  year: (d) => d.year ?? -1,
  doi: (d) => (d.doi ?? '').toLowerCase(),
  status: (d) => STATUS_ORDER[d.status] ?? 9,
  entities: (d) => d.entities,
  added: (d) => Date.parse(d.addedAt) || 0,
};

export function sortDocuments(docs: DocumentSummary[], s: SortState): DocumentSummary[] {
  const k = keyOf[s.key];
  const sign = s.dir === 'asc' ? 1 : -1;
  return docs.slice().sort((a, b) => {
    const x = k(a);
    const y = k(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c * sign || (titleOf(a) < titleOf(b) ? -1 : 1);
  });
}

export function nextSort(s: SortState, key: SortKey): SortState {
  if (s.key === key) return { key, dir: s.dir === 'asc' ? 'desc' : 'asc' };
  // Numbers and dates read best largest/newest first; words alphabetically.
  return { key, dir: COLUMNS.find((c) => c.key === key)?.numeric ? 'desc' : 'asc' };
}

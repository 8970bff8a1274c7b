import type { ReferenceMetadata } from '../../library/references';
import { trimEndChars } from '../../nlp/trim-chars';

/** One item of a reference manager's library, with the files attached to it. */
export interface ZoteroItem extends ReferenceMetadata {
  /** Absolute paths of attached files that exist (PDFs first). */
  files: string[];
}

/** Journal, volume, issue, pages and URL, trimmed, the ones the source has (empty ones left out). */
export function publication(
  f: Partial<Record<'journal' | 'volume' | 'issue' | 'pages' | 'url', unknown>>,
): Pick<ZoteroItem, 'journal' | 'volume' | 'issue' | 'pages' | 'url'> {
  const out: Pick<ZoteroItem, 'journal' | 'volume' | 'issue' | 'pages' | 'url'> = {};
  for (const k of ['journal', 'volume', 'issue', 'pages', 'url'] as const) {
    const v = f[k];
    const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
    if (s) out[k] = s;
  }
  return out;
}

/** "2019-03-00 2019-03", "March 2019", "2019" → 2019. */
export function yearOf(date: string | undefined | null): number | null {
  const m = /\b(1[5-9]\d\d|2[01]\d\d)\b/.exec(date ?? '');
  return m ? Number(m[1]) : null;
}

/** DOIs as printed ("https://doi.org/10.1/x", "doi:10.1/x") to the bare, lower-case form. */
export function normaliseDoi(doi: string | undefined | null): string | null {
  const m = /10\.\d{4,9}\/\S+/.exec(doi ?? '');
  return m ? trimEndChars(m[0], '.,;').toLowerCase() : null;
}

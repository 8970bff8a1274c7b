import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import type { ParsedReference } from './reference-fields';

/** What matching needs to know of a library document. */
export interface CitableDocument {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
}

export interface ReferenceMatch {
  documentId: string;
  /** How it was recognised: the same DOI, or title, year and first author. */
  by: 'doi' | 'title';
}

/** Letters and digits only, accents dropped: "Sci-BERT" and "SciBERT", "Dalén" and "Dalen" meet. */
export function squash(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export const normaliseDoi = (doi: string) =>
  doi
    .trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/, '');

/** "Amara N. Okafor" → okafor; "Okafor, Amara N." → okafor; "van der Berg A" → vanderberg. */
export function surnameKey(author: string): string {
  const a = author.trim();
  if (a.includes(',')) return squash(a.slice(0, a.indexOf(',')));
  const words = a.split(/\s+/).filter((w) => w && !/^(?:jr|sr|ii|iii|iv)\.?$/i.test(w));
  // "Emerson SB": surname first, then initials.
  if (words.length > 1 && /^\p{Lu}{1,3}$/u.test(words.at(-1) ?? ''))
    return squash(words.slice(0, -1).join(''));
  return squash(words.at(-1) ?? '');
}

/** A title this short matches too much to be trusted on its own (squashed characters). */
const MIN_TITLE = 10;

interface Entry {
  doc: CitableDocument;
  title: string;
  surname: string;
}

/**
 * Finds which library document a parsed reference cites: the same DOI; else the same title (the
 * document's title printed in the entry, or the entry's title equal to or a prefix of the document's),
 * the same year (one year apart only when the titles are identical: online first), and the same first
 * author when both are known. Among several documents the longest title wins (the most specific).
 */
export function createCitationIndex(docs: CitableDocument[]) {
  const byDoi = new Map<string, CitableDocument>();
  const byYear = new Map<number | null, Entry[]>();
  for (const doc of docs) {
    if (doc.doi) byDoi.set(normaliseDoi(doc.doi), doc);
    const title = squash(doc.title);
    if (title.length < MIN_TITLE) continue;
    const e: Entry = { doc, title, surname: doc.authors[0] ? surnameKey(doc.authors[0]) : '' };
    const list = byYear.get(doc.year) ?? [];
    list.push(e);
    byYear.set(doc.year, list);
  }

  function match(ref: ParsedReference, citingId?: string): ReferenceMatch | null {
    if (ref.doi) {
      const d = byDoi.get(normaliseDoi(ref.doi));
      if (d && d.id !== citingId) return { documentId: d.id, by: 'doi' };
    }
    const raw = squash(ref.raw);
    const refTitle = ref.title ? squash(ref.title) : '';
    const years = ref.year === null ? [...byYear.keys()] : [ref.year, ref.year - 1, ref.year + 1, null];
    let best: Entry | null = null;
    for (const y of years) {
      for (const e of byYear.get(y) ?? []) {
        if (e.doc.id === citingId) continue;
        const exact = refTitle === e.title;
        if (!titleAgrees(e.title, refTitle, raw)) continue;
        if (!yearAgrees(ref.year, e.doc.year, exact)) continue;
        if (!authorAgrees(e.surname, ref, raw)) continue;
        if (!best || e.title.length > best.title.length) best = e;
      }
    }
    return best ? { documentId: best.doc.id, by: 'title' } : null;
  }
  return { match };
}

/**
 * The document's title is the entry's: equal to the parsed title; or printed in the entry and not just a
 * small part of a longer parsed title ("Expansion microscopy" inside "Nanoscale imaging of RNA with
 * expansion microscopy"); or one is the other with a subtitle dropped.
 */
function titleAgrees(doc: string, refTitle: string, raw: string): boolean {
  if (refTitle && refTitle === doc) return true;
  if (raw.includes(doc) && (!refTitle || doc.length >= 0.6 * refTitle.length)) return true;
  if (refTitle.length >= 25) {
    const [short, long] = refTitle.length < doc.length ? [refTitle, doc] : [doc, refTitle];
    if (long.startsWith(short) && short.length >= 0.5 * long.length) return true;
  }
  return false;
}

function yearAgrees(ref: number | null, doc: number | null, exactTitle: boolean): boolean {
  if (ref === null || doc === null) return exactTitle;
  return ref === doc || (exactTitle && Math.abs(ref - doc) === 1);
}

/** The document's first author is the entry's first or second (a misread list), allowing a misspelling. */
function authorAgrees(surname: string, ref: ParsedReference, raw: string): boolean {
  if (!surname || surname.length < 2) return true;
  const named = ref.authors.slice(0, 2).map(squash);
  if (named.length === 0) return raw.slice(0, 80).includes(surname);
  // "Carrillo Oesterreich" printed, "Francisco Carrillo Oesterreich" on the document: one ends the other.
  return named.some(
    (n) =>
      n === surname ||
      (Math.min(n.length, surname.length) >= 4 && (n.endsWith(surname) || surname.endsWith(n))) ||
      (n.length >= 4 && jaroWinkler(n, surname) >= 0.93),
  );
}

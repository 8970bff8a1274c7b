import type { Citation } from '../../../contract/graph';
import type { Library } from '../../library';
import { quotePlace, type GraphReads } from '../graph-reads';
import { normalise, shortTitle, splitSentences } from '../text';

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** Where `term` occurs in `text` as whole words (case and spacing ignored), or -1. */
export function findTerm(text: string, term: string): number {
  const hay = normalise(text);
  const needle = normalise(term);
  if (!needle) return -1;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!isWordChar(hay[at - 1]) && !isWordChar(hay[at + needle.length])) return at;
  }
  return -1;
}

/**
 * Passages that contain the term itself, each quoted at the sentence that names it, with its page (a table or
 * caption is cited by its label, "Table 2, p. 6"): what
 * search shows when no entity is named so (the term was read but not extracted). BM25 finds candidates,
 * then only chunks that really contain the words, in that order, are kept.
 */
export async function passagesWithTerm(
  lib: Library,
  data: GraphReads,
  term: string,
  limit = 10,
): Promise<Citation[]> {
  if (!lib.vectors.embedding()) return [];
  const found = await lib.vectors.textSearch('chunks', term, { k: Math.max(50, limit * 5) }).catch(() => []);
  const hits = found.filter((h) => findTerm(h.text, term) >= 0).slice(0, limit * 2);
  const chunks = await data.chunks(
    lib,
    hits.map((h) => h.id),
  );
  const out: Citation[] = [];
  for (const h of hits) {
    const c = chunks.get(h.id);
    if (!c || findTerm(c.text, term) < 0) continue;
    // Paragraphs first, so a heading above the sentence is not quoted with it.
    const quote =
      c.text
        .split('\n\n')
        .flatMap(splitSentences)
        .find((s) => findTerm(s, term) >= 0) ?? c.text.slice(0, 240);
    out.push({
      documentId: c.docId,
      title: c.title,
      shortTitle: shortTitle(c.title),
      year: c.year,
      // Its span (the viewer highlights it from the page geometry) and, in a table or caption, its label.
      ...quotePlace(c, quote),
      chunkId: c.id,
      quote,
    });
    if (out.length >= limit) break;
  }
  return out;
}

/** Whether some passage defines `short` as `long` ("long form (SF)"), found by BM25 on both forms. */
export async function libraryDefines(
  lib: Library,
  short: string,
  long: string,
  defines: (text: string) => boolean,
): Promise<boolean> {
  if (!lib.vectors.embedding()) return false;
  const hits = await lib.vectors.textSearch('chunks', `${long} ${short}`, { k: 10 }).catch(() => []);
  return hits.some((h) => defines(h.text));
}

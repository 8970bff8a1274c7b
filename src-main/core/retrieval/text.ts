/** Small text helpers shared by term resolution, path rendering, QA and citation checking. */
import { isProseSpan, nonProseSpans } from '../nlp/prose';
import { sentenceSpans, sentences } from '../nlp/sentences';
import { isStopWord } from '../nlp/stopwords';

export function normalise(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Lower-cased alphanumeric words without stop words. */
export function terms(s: string): string[] {
  return (normalise(s).match(/[\p{L}\p{N}][\p{L}\p{N}\-]*/gu) ?? []).filter(
    (w) => !isStopWord(w) && w.length > 1,
  );
}

/** Sentences as exact substrings of `text` (the toolkit's splitter), so a quote can always be found again. */
export function splitSentences(text: string): string[] {
  return sentences(text).map((s) => s.text);
}

/** "Oleoylethanolamide restores Akkermansia …" → "Oleoylethanolamide restores Akkermansia" (at most ~4 words). */
export function shortTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (!clean) return 'Untitled';
  const head = (clean.split(/[:.;]/)[0] ?? '').trim();
  const words = head.split(' ');
  return words.length <= 4 ? head : `${words.slice(0, 4).join(' ')}…`;
}

/** "(Oleoylethanolamide restores Akkermansia… 2021, p. 3)"; "pp. 4–5" for a sentence across a page break. */
export function citeLabel(c: {
  title: string;
  year: number | null;
  page: number | null;
  pages?: number[];
}): string {
  const parts = [shortTitle(c.title)];
  if (c.year) parts.push(String(c.year));
  const last = c.pages?.[1];
  const where = c.page && last && last > c.page ? `, pp. ${c.page}–${last}` : c.page ? `, p. ${c.page}` : '';
  return `${parts.join(' ')}${where}`;
}

export function clip(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Conservative token estimate (same rule as the LLM layer: ~3 characters per token). */
export function estimateTokens(text: string): number {
  return text ? Math.ceil(text.length / 3) + 4 : 0;
}

/** Share of `needle`'s content words present in `hay` (0..1). */
export function coverage(needle: string, hay: string): number {
  const n = new Set(terms(needle));
  if (!n.size) return 0;
  const h = new Set(terms(hay));
  let hit = 0;
  for (const t of n) if (h.has(t)) hit++;
  return hit / n.size;
}

/**
 * The sentence of `text` that best supports `claim` (by shared content words); used to quote a chunk in a
 * citation instead of dumping the whole passage. Sentences come from the shared splitter (whole sentences,
 * exact substrings) and only prose is quoted: captions, tables, affiliations and headings are left out unless
 * the text has nothing else.
 */
export function bestSentence(text: string, claim: string): { sentence: string; score: number } {
  let best = { sentence: '', score: -1 };
  const all = sentenceSpans(text);
  const nonProse = nonProseSpans(text);
  const prose = all.filter((s) => isProseSpan(nonProse, s.start, s.end));
  for (const span of prose.length ? prose : all) {
    const s = text.slice(span.start, span.end);
    const score = coverage(claim, s) + coverage(s, claim) * 0.25;
    if (score > best.score) best = { sentence: s, score };
  }
  return best.score < 0 ? { sentence: text.slice(0, 240).trim(), score: 0 } : best;
}

import { sentences } from '../../nlp/sentences';
import { isFillerWord } from '../../nlp/stopwords';

/** Plain-text helpers shared by the rule-based tasks. */

/**
 * The toolkit's sentences (`nlp/sentences.ts`: no cut after "et al.", "e.g.", decimals or initials, none
 * across a paragraph break or a heading) with their white space made single, as summaries and extractive
 * answers print them.
 */
export function splitSentences(text: string): string[] {
  return sentences(text)
    .map((s) => s.text.split(/\s+/).join(' '))
    .filter((s) => /[A-Za-z]/.test(s));
}

/** A sentence of running text, not a heading, title or author line: it ends like a sentence, or is long. */
export function isProse(sentence: string): boolean {
  return /[.!?]["')\]]*$/.test(sentence) || sentence.split(' ').length >= 30;
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9\-+αβγδκ']*/g) ?? [];
}

/** Content words, lightly stemmed so "mice"/"mouse" aside, plurals match their singular. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !isFillerWord(w) && !/^\d+$/.test(w))
    .map(stem);
}

export function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    return w.slice(0, -1);
  return w;
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max * 0.6 ? space : max).trimEnd()}…`;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits a reply into stream tokens the way models do: words with their leading whitespace. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** Grading of answers by key facts, and the quote check, for test/bench/answers.ts. */
import type { QaAnswer } from '../../src-main/contract/qa';

export interface Question {
  id: string;
  part: 'tune' | 'heldout';
  kind: string;
  question: string;
  /** Key facts; each a list of alternatives separated by '|'. None: the library cannot answer it. */
  facts: string[];
  /** How many facts make a correct answer (default: all). */
  need?: number;
}

export type Grade = 'correct' | 'partly' | 'wrong' | 'refused' | 'answered';

/** Case, compatibility forms, middle dots, dashes, degree signs and the space before % and ° ignored. */
export function normaliseForFacts(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll('\u00ad', '')
    .replace(/[·∙]/g, '.')
    .replace(/[–—−‐‑]/g, '-')
    .replace(/[◦º˚]/g, '°')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[%°])/g, '');
}

/**
 * An insufficient answer is refused; otherwise correct when it holds `need` facts (all by default), partly
 * when it holds some, wrong when none. An unanswerable question answered anyway grades `answered`.
 */
export function gradeAnswer(q: Question, a: Pick<QaAnswer, 'answer' | 'insufficient'>): Grade {
  if (a.insufficient) return 'refused';
  if (!q.facts.length) return 'answered';
  const text = normaliseForFacts(a.answer);
  const held = q.facts.filter((f) =>
    f.split('|').some((alt) => text.includes(normaliseForFacts(alt.trim()))),
  ).length;
  if (held >= (q.need ?? q.facts.length)) return 'correct';
  return held > 0 ? 'partly' : 'wrong';
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * What is wrong with a quote's edges in the text it was cut from: null when it starts and ends at word
 * boundaries, else which edge sits inside a word (or that the quote is not in the text at all).
 */
export function quoteEdges(text: string, quote: string): string | null {
  if (!quote) return 'empty quote';
  const at = text.indexOf(quote);
  if (at < 0) return 'not in its passage';
  const before = text.charAt(at - 1);
  const after = text.charAt(at + quote.length);
  const startsInside = at > 0 && WORD.test(before) && WORD.test(quote.charAt(0));
  const endsInside = WORD.test(after) && WORD.test(quote.charAt(quote.length - 1));
  if (startsInside && endsInside) return 'starts and ends inside a word';
  if (startsInside) return 'starts inside a word';
  if (endsInside) return 'ends inside a word';
  return null;
}

interface ChunkSpan {
  text: string;
  charStart: number;
  charEnd: number;
}

/**
 * The character of the document just before a passage, from the passage before it: passages are spans of
 * the document's text, so a passage that starts inside a word has the word's start in the one before. A
 * gap between the two spans (the white space between paragraphs) reads as a space.
 */
export function charBefore(chunk: ChunkSpan, previous: ChunkSpan | null): string {
  const at = chunk.charStart - 1;
  if (!previous || at < previous.charStart || at >= previous.charEnd) return ' ';
  return previous.text.charAt(at - previous.charStart);
}

import { readTokens } from '../../../nlp/tokens';
import { sentenceSpans } from '../../../nlp/sentences';
import { at } from '../../../at';

/**
 * A word of running text as the built-in extractor sees it: wink-nlp's tokens, with tokens written without
 * a space between them and joined by a hyphen, slash or digit-letter seam glued back into one word
 * ("angiotensin-converting", "33RE-treated", "H2-receptor"), because biomedical names are written that way.
 */
export interface Word {
  text: string;
  lower: string;
  /** Character offsets in the analysed text. */
  start: number;
  end: number;
  /** wink-nlp's universal POS tag of the word's last token (its head). */
  pos: string;
  /** True for a word starting a sentence (its capital says nothing). */
  first: boolean;
}

export interface Sentence {
  text: string;
  start: number;
  end: number;
  words: Word[];
}

const GLUE = new Set(['-', '/', '+', "'", '’']);
const isAlnum = (s: string) => /^[\p{L}\p{N}]/u.test(s);

/** The last text analysed and its sentences (read-only to every caller). */
let last: { text: string; sentences: readonly Sentence[] } | null = null;

/**
 * Sentences of words with offsets and POS tags. The sentences are the toolkit's (`nlp/sentences.ts`), the
 * very spans evidence is quoted by, so the sentence a relation is read from is the sentence it cites; the
 * tokens come from the same wink-nlp pass (`nlp/tokens.ts`). A passage is read by several rule tasks in a
 * row (its extraction, then its questions), so the last text's analysis is kept and given again.
 */
export function analyse(text: string): readonly Sentence[] {
  if (last?.text !== text) last = { text, sentences: analyseAnew(text) };
  return last.sentences;
}

function analyseAnew(text: string): Sentence[] {
  const t = readTokens(text);
  const { values, pos, spaces, starts } = t;
  const out: Sentence[] = [];
  const n = values.length;
  let i = 0;
  for (const span of sentenceSpans(text)) {
    const words: Word[] = [];
    while (i < n && at(starts, i) < span.start) i++;
    while (i < n && at(starts, i) < span.end) {
      if (pos[i] === 'SPACE' || at(values, i).trim() === '') {
        i++;
        continue;
      }
      let j = i;
      // Glue: no space before the next token (inside this sentence), and either it or the current one is a
      // hyphen-like joiner between alphanumerics, or two alphanumeric tokens touch ("33" "RE").
      while (j + 1 < n && spaces[j + 1] === '' && at(starts, j + 1) < span.end) {
        const cur = at(values, j);
        const next = at(values, j + 1);
        const after = values[j + 2];
        const joinsNext =
          (isAlnum(cur) && isAlnum(next)) ||
          (GLUE.has(next) &&
            isAlnum(cur) &&
            after !== undefined &&
            spaces[j + 2] === '' &&
            isAlnum(after) &&
            at(starts, j + 2) < span.end) ||
          (GLUE.has(cur) && isAlnum(next) && j > i);
        if (!joinsNext) break;
        j++;
      }
      const start = at(starts, i);
      const end = Math.min(span.end, at(starts, j) + at(values, j).length);
      const w = text.slice(start, end);
      words.push({ text: w, lower: w.toLowerCase(), start, end, pos: at(pos, j), first: words.length === 0 });
      i = j + 1;
    }
    if (words.length)
      out.push({ text: text.slice(span.start, span.end), start: span.start, end: span.end, words });
  }
  return out;
}

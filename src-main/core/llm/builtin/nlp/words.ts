import { wink } from '../../../nlp/wink';
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
 * Sentences of words with offsets and POS tags; one wink-nlp pass over the whole text. A passage is read
 * by several rule tasks in a row (its extraction, then its questions), so the last text's analysis is kept
 * and given again: the wink-nlp pass was a third of the extraction's CPU.
 */
export function analyse(text: string): readonly Sentence[] {
  if (last?.text !== text) last = { text, sentences: analyseAnew(text) };
  return last.sentences;
}

function analyseAnew(text: string): Sentence[] {
  const nlp = wink();
  const its = nlp.its;
  const doc = nlp.readDoc(text);
  const toks = doc.tokens();
  const values = toks.out() as string[];
  const pos = toks.out(its.pos) as string[];
  const spaces = toks.out(its.precedingSpaces) as string[];
  // Offsets: wink-nlp keeps the spacing before every token, so walking the text recovers each token's start.
  const starts: number[] = new Array(values.length);
  let offset = 0;
  for (let i = 0; i < values.length; i++) {
    offset += at(spaces, i).length;
    const found = text.indexOf(at(values, i), offset);
    // A normalised token (rare: quotes, ellipses) is not found verbatim; keep the running offset then.
    if (found >= 0 && found - offset <= 2) offset = found;
    starts[i] = offset;
    offset += at(values, i).length;
  }
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const sentenceStart = new Set(spans.map(([a]) => a));
  const out: Sentence[] = [];
  const flush = (words: Word[]) => {
    if (!words.length) return;
    const start = at(words, 0).start;
    const end = at(words, words.length - 1).end;
    out.push({ text: text.slice(start, end), start, end, words });
  };
  // PDF text often has a blank line after every printed line, and wink-nlp ends a sentence at each: a
  // sentence goes on across a line break unless the line ended one (. ! ? :) or the next line starts with
  // a capital or a digit (a heading, a new paragraph, an author line).
  const endsSentence = (w: Word | undefined) => !!w && /^[.!?:]$/.test(w.text);
  const startsAnew = (v: string | undefined) => !!v && /^[\p{Lu}\p{N}#•]/u.test(v);
  let words: Word[] = [];
  let lineBreak = false;
  const last = values.length - 1;
  let i = 0;
  while (i <= last) {
    if (pos[i] === 'SPACE' || at(values, i).trim() === '') {
      if (at(values, i).includes('\n')) lineBreak = true;
      i++;
      continue;
    }
    if (words.length) {
      const prev = words.at(-1);
      const breakHere = lineBreak
        ? endsSentence(prev) || startsAnew(values[i])
        : sentenceStart.has(i) && (endsSentence(prev) || startsAnew(values[i]));
      if (breakHere) {
        flush(words);
        words = [];
      }
    }
    lineBreak = false;
    let j = i;
    // Glue: no space before the next token, and either it or the current one is a hyphen-like joiner
    // between alphanumerics, or two alphanumeric tokens touch ("33" "RE").
    while (j < last && spaces[j + 1] === '' && !sentenceStartBetween(j)) {
      const cur = at(values, j);
      const next = at(values, j + 1);
      const after = values[j + 2];
      const joinsNext =
        (isAlnum(cur) && isAlnum(next)) ||
        (GLUE.has(next) && isAlnum(cur) && after !== undefined && spaces[j + 2] === '' && isAlnum(after)) ||
        (GLUE.has(cur) && isAlnum(next) && j > i);
      if (!joinsNext) break;
      j++;
    }
    const start = at(starts, i);
    const end = at(starts, j) + at(values, j).length;
    const w = text.slice(start, end);
    words.push({ text: w, lower: w.toLowerCase(), start, end, pos: at(pos, j), first: words.length === 0 });
    i = j + 1;
  }
  flush(words);
  return out;

  function sentenceStartBetween(j: number): boolean {
    return sentenceStart.has(j + 1) && /^[.!?]$/.test(at(values, j));
  }
}

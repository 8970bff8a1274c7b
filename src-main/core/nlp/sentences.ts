import { readTokens } from './tokens';
import { at } from '../at';

/** A sentence as the half-open character span `[start, end)` of the text it was found in. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/** Abbreviations that are followed by a number when they refer to something: "Fig. 2", "Eq. (3)", "Ref. 12". */
const BEFORE_NUMBER = new Set([
  'fig',
  'figs',
  'eq',
  'eqs',
  'ref',
  'refs',
  'no',
  'nos',
  'vol',
  'pp',
  'p',
  'tab',
]);

/**
 * Words after which a full stop does not end a sentence in scientific prose: figure, table and equation
 * references, citations ("et al."), Latin shorthands, titles and approximations. Matched case-insensitively
 * on the word before the stop.
 */
const NON_TERMINAL = new Set([
  ...BEFORE_NUMBER,
  'al',
  'approx',
  'ca',
  'cf',
  'vs',
  'etc',
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'sp',
  'spp',
  'subsp',
  'var',
  'resp',
  'incl',
  'suppl',
  'sect',
  'ch',
  'ed',
  'eds',
  'inc',
  'ltd',
  'co',
  'corp',
  'jr',
  'sr',
  'min',
  'max',
  'temp',
  'conc',
  'wt',
  'aq',
  'sat',
]);

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isUpper = (c: string | undefined) => c !== undefined && /\p{Lu}/u.test(c);
const isLower = (c: string | undefined) => c !== undefined && /\p{Ll}/u.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c);
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']']);

/** The word that ends just before `at` (letters, digits, marks and inner full stops: "U.S", "i.p", "e.g"). */
function wordBefore(text: string, at: number, floor: number): string {
  let i = at;
  while (i > floor && (isWordChar(text[i - 1]) || (text[i - 1] === '.' && isWordChar(text[i - 2])))) i--;
  return text.slice(i, at);
}

/**
 * Whether a full stop at `dot` is an abbreviation's rather than a sentence end: a known shorthand, a single
 * letter (initials, genus names as in "E. coli"), or a dotted form such as "U.S." or "i.p.".
 */
function isAbbreviation(text: string, dot: number, floor: number): boolean {
  const word = wordBefore(text, dot, floor);
  if (!word) return false;
  const lower = word.toLowerCase();
  if (NON_TERMINAL.has(lower)) return true;
  if (word.includes('.')) return !/\d/.test(word);
  if (word.length !== 1 || !/\p{L}/u.test(word)) return false;
  // A single letter after a number or a degree sign is a unit ("2.1 Å.", "5 M.", "37 °C."), not an initial.
  let i = dot - 1;
  if (text[i - 1] === '°') return false;
  while (i > floor && text[i - 1] === ' ') i--;
  return !(i < dot - 1 && isDigit(text[i - 1]));
}

/** End of a reference bracket such as "[12]" or "[3–5, 7]" opening at `at`, or -1. */
function bracketEnd(text: string, at: number, limit: number): number {
  if (text[at] !== '[') return -1;
  for (let i = at + 1; i < Math.min(limit, at + 40); i++) {
    const c = text[i];
    // Past the end of the text: no closing bracket.
    if (c === undefined) return -1;
    if (c === ']') return i > at + 1 ? i + 1 : -1;
    if (!isDigit(c) && !',;–-— '.includes(c)) return -1;
  }
  return -1;
}

/** Token spans of wink's sentences, mapped back to character offsets of `text`. */
function winkSentences(text: string): SentenceSpan[] {
  const t = readTokens(text);
  return t.sentences.map(([a, b]) => ({ start: at(t.starts, a), end: at(t.ends, b) }));
}

/**
 * Splits a span at paragraph breaks (a blank line) and around a Markdown heading line ("# Methods"): no
 * sentence crosses two paragraphs, and a heading is a piece of its own.
 */
function splitParagraphs(text: string, s: SentenceSpan): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let start = s.start;
  let i = text.indexOf('\n', start);
  while (i >= 0 && i < s.end) {
    let j = i + 1;
    while (j < s.end && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r')) j++;
    const lineStart = text.lastIndexOf('\n', i - 1) + 1;
    const heading = text[j] === '#' || text[Math.max(lineStart, start)] === '#';
    if (text[j] === '\n' || (heading && j < s.end)) {
      out.push({ start, end: i });
      while (j < s.end && isSpace(text[j])) j++;
      start = j;
    }
    i = text.indexOf('\n', j);
  }
  out.push({ start, end: s.end });
  return out;
}

/**
 * Extra cuts inside a wink sentence: a full stop, then space, then a capital letter or an opening bracket,
 * where the word before the stop is no abbreviation. wink keeps "2.1 Å. The next…" or "37 °C. The pH…"
 * together because it reads "Å." and "C." as abbreviations.
 */
function splitMissed(text: string, s: SentenceSpan): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let start = s.start;
  for (let i = s.start; i < s.end; i++) {
    const c = text[i];
    if (c !== '.' && c !== '!' && c !== '?') continue;
    let j = i + 1;
    while (j < s.end && CLOSERS.has(text.charAt(j))) j++;
    if (!isSpace(text[j])) continue;
    let k = j;
    while (k < s.end && isSpace(text[k])) k++;
    const next = text[k];
    // "… binds. [12] More text": the bracket cites the sentence before it; the cut comes after it.
    const close = c === '.' ? bracketEnd(text, k, s.end) : -1;
    if (close > 0 && isSpace(text[close])) {
      let m = close;
      while (m < s.end && isSpace(text[m])) m++;
      if (isUpper(text[m])) {
        out.push({ start, end: close });
        start = m;
        i = m - 1;
        continue;
      }
    }
    const opensSentence =
      isUpper(next) || ((next === '(' || next === '"' || next === '“') && isUpper(text[k + 1]));
    if (!opensSentence || k >= s.end) continue;
    if (c === '.' && isAbbreviation(text, i, start)) continue;
    out.push({ start, end: j });
    start = k;
    i = k - 1;
  }
  out.push({ start, end: s.end });
  return out;
}

/** Whether `b` continues `a` rather than starting a sentence of its own (wink cut at an abbreviation). */
function continues(text: string, a: SentenceSpan, b: SentenceSpan): boolean {
  const between = text.slice(a.end, b.start);
  if (between.includes('\n\n') || /\n[ \t]*\n/.test(between)) return false;
  const first = text[b.start];
  const last = text[a.end - 1];
  // A reference bracket or a closing piece that wink set apart: "… as shown. [34,35]" / "[12]."
  if (first === '[' || first === ')' || first === ',' || first === ';' || first === ':') return true;
  if (last !== '.') return false;
  const abbrev = isAbbreviation(text, a.end - 1, a.start);
  if (isLower(first)) return abbrev;
  if (isDigit(first) || first === '(')
    return abbrev && BEFORE_NUMBER.has(wordBefore(text, a.end - 1, a.start).toLowerCase());
  return false;
}

function trim(text: string, s: SentenceSpan): SentenceSpan | null {
  let { start, end } = s;
  while (start < end && isSpace(text[start])) start++;
  while (end > start && isSpace(text[end - 1])) end--;
  return start < end ? { start, end } : null;
}

/**
 * Sentence spans over `text`, in order, not overlapping, trimmed of white space, never crossing a blank line.
 * wink-nlp finds the boundaries; rules for scientific prose then join what it cut after "Fig.", "et al.",
 * "e.g.", species initials ("E. coli") or before a reference bracket, and cut what it joined after units
 * ("nM.", "Å.", "°C."). Numbers ("0.74"), ligatures ("ﬁ") and spacing diacritics ("A˚") stay inside words.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  if (!text.trim()) return [];
  const raw = winkSentences(text)
    .flatMap((s) => splitParagraphs(text, s))
    .flatMap((s) => splitMissed(text, s))
    .map((s) => trim(text, s))
    .filter((s): s is SentenceSpan => s !== null);
  const out: SentenceSpan[] = [];
  for (const s0 of raw) {
    let s = s0;
    const prev = out[out.length - 1];
    // "… binds. [12] More text": the bracket cites the sentence before it; the rest starts a new one.
    const close = prev ? bracketEnd(text, s.start, s.end) : -1;
    const sameParagraph = prev && !/\n[ \t]*\n/.test(text.slice(prev.end, s.start));
    if (prev && sameParagraph && close > 0 && close < s.end && /[.!?]/.test(text[prev.end - 1] ?? '')) {
      const rest = trim(text, { start: close, end: s.end });
      prev.end = close;
      if (!rest) continue;
      s = rest;
    }
    if (prev && continues(text, prev, s)) prev.end = s.end;
    else out.push({ ...s });
  }
  return out;
}

/** The sentences of `text` with their spans. */
export function sentences(text: string): (SentenceSpan & { text: string })[] {
  return sentenceSpans(text).map((s) => ({ ...s, text: text.slice(s.start, s.end) }));
}

/** The sentence containing `offset` (or the nearest one after it), or null when `text` has none. */
export function sentenceAt(spans: readonly SentenceSpan[], offset: number): SentenceSpan | null {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    // lo <= mid < hi < spans.length
    const mid = (lo + hi) >> 1;
    if (at(spans, mid).end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo] ?? null;
}

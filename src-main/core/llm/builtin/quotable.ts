import { isProseSpan, nonProseSpans, type NonProseSpan } from '../../nlp/prose';
import { sentenceSpans } from '../../nlp/sentences';

/** A sentence an answer may quote: `[start, end)` of the passage and its text (an exact substring). */
export interface QuotableSentence {
  start: number;
  end: number;
  text: string;
}

const ENDS_SENTENCE = /[.!?]["'”’)\]]*(\s*\[[\d,;\s–-]+\])?$/;

/** Opens in lower case, after any opening bracket or citation ("(2006) we did not …"): a sentence's tail. */
const startsLower = (s: string) =>
  /^\p{Ll}/u.test(s.trimStart().replace(/^(\([^)]{0,40}\)|[("'“‘[])\s*/u, ''));
/** Opens like a sentence: a capital letter, after any opening bracket or quote. */
const startsUpper = (s: string) => /^[("'“‘[]?\p{Lu}/u.test(s.trimStart());
const endsSentence = (s: string) => ENDS_SENTENCE.test(s.trimEnd());

/**
 * The whole sentences of a passage, in order: the shared sentence splitter's spans, with a sentence that a
 * blank line (a page or column break) cut in two joined again, and the pieces that are not whole sentences
 * left out — the passage's first words when it begins inside a sentence (or inside a word: "ophylaxis …"),
 * its last words when it ends inside one, and headings or table rows without a full stop. Prose only
 * (captions, tables, affiliations and headings are kept apart) unless `nonProse` is true.
 */
export function quotableSentences(text: string, opts: { nonProse?: boolean } = {}): QuotableSentence[] {
  // An ask reads the same passages several times (answerability, the answer, its check): each once.
  const key = `${opts.nonProse ? 1 : 0}${text}`;
  const known = recent.get(key);
  if (known) return known;
  const found = readSentences(text, opts);
  recent.set(key, found);
  if (recent.size > 64) recent.delete(recent.keys().next().value as string);
  return found;
}

const recent = new Map<string, QuotableSentence[]>();

function readSentences(text: string, opts: { nonProse?: boolean }): QuotableSentence[] {
  const spans = sentenceSpans(text);
  const merged: { start: number; end: number }[] = [];
  for (const s of spans) {
    const prev = merged.at(-1);
    const prevText = prev ? text.slice(prev.start, prev.end) : '';
    const piece = text.slice(s.start, s.end);
    // "… in the manage-⏎⏎ment of multi-system trauma …", "Failed⏎⏎retrieval rates …⏎⏎0% and 4% …": one
    // sentence across breaks (a piece that did not end a sentence, then one that does not open like one).
    // A piece that starts right at the previous one's end ("… and Ser6." | "52, in a unique …") was cut
    // inside a token.
    const glued = prev !== undefined && prev.end === s.start && /^[\p{L}\p{N}]/u.test(piece);
    if (prev && ((!endsSentence(prevText) && !startsUpper(piece)) || glued)) prev.end = s.end;
    else merged.push({ ...s });
  }
  const nonProse = opts.nonProse ? [] : nonProseSpans(text);
  return merged.flatMap((s) => {
    const t = text.slice(s.start, s.end);
    // Begins inside a sentence or a word (a passage cut mid-sentence), or is cut off at the passage's end.
    if (startsLower(t) || !endsSentence(t)) return [];
    // The passage itself begins inside a word or a number ("ophylaxis …", "52, in …").
    if (s.start > 0 && /[\p{L}\p{N}]/u.test(text.charAt(s.start - 1))) return [];
    if (s.start === 0 && /^\p{N}+[,;)]/u.test(t)) return [];
    if (!isProseSpan(nonProse, s.start, s.end) && !readsAsProse(t, nonProse, s)) return [];
    return [{ start: s.start, end: s.end, text: t }];
  });
}

/**
 * A sentence the paragraph typing took for table cells or headings only because its lines were set apart by
 * blank lines (some two-column PDFs come out with a blank line after every line): whole again, it is long,
 * finished and mostly lower-case words. Captions, labelled table cells and affiliations stay out.
 */
function readsAsProse(t: string, spans: readonly NonProseSpan[], s: { start: number; end: number }): boolean {
  const over = spans.filter((x) => x.start < s.end && x.end > s.start);
  if (over.some((x) => (x.kind !== 'table' && x.kind !== 'heading') || x.label)) return false;
  const words = t.split(/\s+/).filter(Boolean);
  const lower = words.filter((w) => /^\p{Ll}{2,}/u.test(w)).length;
  return words.length >= 8 && lower / words.length >= 0.5;
}

/**
 * A quote as prose to read: its line and page breaks as spaces, and a word hyphenated across a line break
 * joined again ("perma-⏎⏎nent" → "permanent"). The quote itself stays exact, for the viewer to find it.
 */
export function readable(quote: string): string {
  return quote
    .replace(/(\p{Ll})-[ \t]*\n\s*(?=\p{Ll})/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

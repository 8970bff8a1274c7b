import { wink } from './wink';
import { at } from '../at';

export type NonProseKind = 'caption' | 'table' | 'affiliation' | 'heading';

/** A paragraph that is not running prose: `[start, end)` in the text it was found in. */
export interface NonProseSpan {
  kind: NonProseKind;
  start: number;
  end: number;
  /** "Table 2", "Fig. 3": how a caption, and the cells of the table it heads, are cited. */
  label?: string;
}

/** "Figure 2.", "Fig. 3:", "Table 1 Overview…", "Scheme IV |": a caption's opening label. */
// Case is spelled out: with the `i` flag, \p{Lu} would match lower case too ("Table 2 shows…" is prose).
const CAPTION =
  /^((?:[Ff]ig(?:ure)?s?|FIG(?:URE)?S?|[Tt]able|TABLE|[Ss]cheme|SCHEME|[Pp]late|[Cc]hart|[Bb]ox)\.?\s*(?:\d{1,3}|[IVX]{1,5})[A-Za-z]?)(?:\s*[.:|—–-]|\s+\p{Lu})/u;
const INSTITUTION =
  /\b(?:department|dept|universit(?:y|é|à|at|ät|ad)|institut(?:e|o)?|hospital|faculty|school of|college|laborator(?:y|ies)|centre|center for|clinic|e-?mail|correspondence|corresponding author)\b/iu;

/** A finished sentence: a full stop (or ! ?) possibly inside closing quotes or brackets. */
const ENDS_SENTENCE = /[.!?]["'”’)\]]?$/;

/** Paragraphs of `text`: runs separated by a blank line, trimmed. */
function paragraphs(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let from = 0;
  while (from < text.length) {
    let next = text.indexOf('\n\n', from);
    if (next < 0) next = text.length;
    let s = from;
    let e = next;
    while (s < e && /\s/.test(text.charAt(s))) s++;
    while (e > s && /\s/.test(text.charAt(e - 1))) e--;
    if (e > s) out.push({ start: s, end: e });
    from = next + 2;
  }
  return out;
}

/**
 * The paragraphs of `text` that are not running prose: figure and table captions (by their label), table
 * cells and lists of names (no verb, few lower-case words), affiliation lines (an institution, no verb) and
 * headings (short, no verb, no full stop). They stay in the text, so search still finds them, but evidence
 * and answers quote prose only. Pure; runs wink-nlp once over the text for parts of speech.
 */
export function nonProseSpans(text: string): NonProseSpan[] {
  const paras = paragraphs(text);
  if (!paras.length) return [];
  const nlp = wink();
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out();
  const spaces = doc.tokens().out(nlp.its.precedingSpaces);
  const pos = doc.tokens().out(nlp.its.pos);
  // Verbs per paragraph, walking tokens and paragraphs together by character offset.
  const verbs = new Array<number>(paras.length).fill(0);
  let offset = 0;
  let p = 0;
  // wink gives one preceding-space string and one part of speech per token.
  for (const [i, value] of values.entries()) {
    offset += at(spaces, i).length;
    while ((paras[p]?.end ?? Infinity) <= offset) p++;
    const para = paras[p];
    if (para && offset >= para.start && (pos[i] === 'VERB' || pos[i] === 'AUX')) verbs[p] = at(verbs, p) + 1;
    offset += value.length;
  }
  const out: NonProseSpan[] = [];
  let inTable = false;
  /** The label of the table caption whose cells follow. */
  let tableLabel: string | undefined;
  paras.forEach((para, i) => {
    const t = text.slice(para.start, para.end);
    const words = t.split(/\s+/).filter(Boolean);
    const lower = words.filter((w) => /^\p{Ll}{2,}/u.test(w)).length;
    const ends = ENDS_SENTENCE.test(t);
    // Long, finished, mostly lower-case text: prose even next to a table.
    const plainProse = words.length >= 8 && ends && lower / words.length >= 0.5 && at(verbs, i) > 0;
    const caption = CAPTION.exec(t);
    let kind: NonProseKind | null = null;
    if (caption) kind = 'caption';
    else if (verbs[i] === 0 && INSTITUTION.test(t)) kind = 'affiliation';
    else if (words.length <= 12 && verbs[i] === 0 && !ends) kind = 'heading';
    else if (verbs[i] === 0 || (words.length >= 6 && lower / words.length < 0.25)) kind = 'table';
    // Cells and notes of a table follow its caption until prose resumes; an unfinished short paragraph is a
    // cell or a label wherever it stands ("Homology searching", "Supported file formats FASTA").
    else if ((inTable && !plainProse) || (!ends && words.length <= 25)) kind = 'table';
    // The tail of a word broken across two blocks ("num-" | "bering scheme…"): quoting it would start mid-word.
    else if (i > 0 && /^\p{Ll}/u.test(t) && text[at(paras, i - 1).end - 1] === '-') kind = 'table';
    // A row of short cells reads as a heading as often as a table; after a table caption it is that table's.
    const cell = inTable && (kind === 'table' || kind === 'heading');
    // CAPTION's first group always takes part in a match.
    const captionLabel = caption?.[1] ?? '';
    const label = caption ? normaliseLabel(captionLabel) : cell ? tableLabel : undefined;
    if (caption) {
      inTable = /^t/i.test(captionLabel);
      tableLabel = inTable ? label : undefined;
    } else if (plainProse) inTable = false;
    if (kind) out.push({ kind, ...para, ...(label ? { label } : {}) });
  });
  return out;
}

/** "FIG. 2" and "Figure 2" → "Fig. 2", "TABLE 1" → "Table 1": the caption's label in citation style. */
function normaliseLabel(raw: string): string {
  const m = /^(\p{L}+)\.?\s*(.+)$/u.exec(raw.trim());
  if (!m) return raw;
  const [, head = '', rest = ''] = m;
  const word = head.toLowerCase();
  const name = word.startsWith('fig')
    ? 'Fig.'
    : word.charAt(0).toUpperCase() + word.slice(1).replace(/s$/, '');
  return `${name} ${rest}`;
}

/**
 * The last passages typed for labels: a passage's citations ask one quote at a time (an entity's evidence,
 * an answer's sources), and typing a passage runs wink-nlp over it (milliseconds each).
 */
const typed = new Map<string, NonProseSpan[]>();
function typedSpans(text: string): NonProseSpan[] {
  let spans = typed.get(text);
  if (!spans) {
    spans = nonProseSpans(text);
    typed.set(text, spans);
    for (const old of typed.keys()) {
      if (typed.size <= 32) break;
      typed.delete(old);
    }
  }
  return spans;
}

/** Cheap pre-check: a paragraph that opens like a caption. Most passages have none and skip the typing. */
const MAY_HAVE_CAPTION = /(?:^|\n)[ \t]*(?:fig|table|scheme|plate|chart|box)/i;

/**
 * The figure or table that `[start, end)` of `text` belongs to ("Table 2", "Fig. 3"): the label of a caption,
 * or of the table caption whose cells the span is in. Null for prose and for non-prose without a caption
 * (affiliations, headings). A citation into a table or caption is named by it: "Table 2, p. 6".
 */
export function captionLabel(text: string, start: number, end: number): string | null {
  if (!MAY_HAVE_CAPTION.test(text)) return null;
  for (const s of typedSpans(text)) {
    if (s.start >= end) break;
    if (s.end > start && s.label) return s.label;
  }
  return null;
}

/** Whether `[start, end)` overlaps none of `spans` (sorted by start). */
export function isProseSpan(spans: readonly NonProseSpan[], start: number, end: number): boolean {
  for (const s of spans) {
    if (s.start >= end) break;
    if (s.end > start) return false;
  }
  return true;
}

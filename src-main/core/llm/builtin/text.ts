/** Plain-text helpers shared by the rule-based tasks. */

const ABBREV_BEFORE_DOT = /\b(?:e\.g|i\.e|et al|vs|Fig|Figs|Ref|Eq|approx|ca|cf|resp|Dr|Prof|No|Vol|St)\.$/i;

/**
 * Sentence split that survives "et al.", "e.g.", decimals and initials, common in papers. Paragraph breaks
 * always end a sentence, so a heading, a title or an author line is a piece of its own instead of being
 * glued to the sentence after it ("Discussion Metformin activates …").
 */
export function splitSentences(text: string): string[] {
  // The third branch starts at its newline: a lookbehind tried first at every character scanned back to
  // the line's start each time, quadratic in the length of a line (a PDF paragraph is one line).
  return text.split(/\n\s*\n|\n(?=\s*#)|\n(?<=^#[^\n]*\n)/m).flatMap(splitParagraph);
}

function splitParagraph(paragraph: string): string[] {
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const out: string[] = [];
  let start = 0;
  const re = /[.!?](?=["')\]]*\s+["'(\[]?[A-Z0-9])/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    const end = m.index + 1;
    const candidate = flat.slice(start, end);
    if (ABBREV_BEFORE_DOT.test(candidate) || /\b[A-Z]\.$/.test(candidate)) continue;
    out.push(candidate.trim());
    start = end;
  }
  const tail = flat.slice(start).trim();
  if (tail) out.push(tail);
  return out.filter((s) => /[A-Za-z]/.test(s));
}

/** A sentence of running text, not a heading, title or author line: it ends like a sentence, or is long. */
export function isProse(sentence: string): boolean {
  return /[.!?]["')\]]*$/.test(sentence) || sentence.split(' ').length >= 30;
}

export const STOPWORDS = new Set(
  (
    'a an the and or but if then else of in on at to for from by with without within into onto over under ' +
    'between among through during before after above below up down out off is are was were be been being ' +
    'has have had do does did can could may might must shall should will would this that these those it its ' +
    'they them their we our us you your he she his her which who whom whose what when where why how than ' +
    'as such not no nor only also both each either neither all any some more most less least very much many ' +
    'other another same so too there here however thus therefore while whereas although though since because ' +
    'using used use based via per et al study studies result results show shows showed shown found data ' +
    'significant significantly observed reported suggest suggests suggested effect effects role level levels ' +
    'increase increased decrease decreased high higher low lower new one two three first second de novo'
  ).split(' '),
);

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9\-+αβγδκ']*/g) ?? [];
}

/** Content words, lightly stemmed so "mice"/"mouse" aside, plurals match their singular. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w))
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

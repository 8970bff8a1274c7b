import type { Line, PdfMetadataInput } from './types';
import { at } from '../../at';
import { composeAccents, foldName, parseAuthorField, parseAuthorLine } from './authors';
import { OCR_FONT } from './ocr/ocr-items';

export interface DocumentMetadata {
  title: string | null;
  authors: string[];
  year: number | null;
  doi: string | null;
}

const DOI = /\b(10\.\d{4,9}\/[^\s"<>,;]+)/i;

export function findDoi(text: string): string | null {
  const m = DOI.exec(text);
  if (!m) return null;
  // A sentence or bracket around the DOI is not part of it.
  return at(m, 1).replace(/[.)\]]+$/, '');
}

function metaStrings(meta: PdfMetadataInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta.info))
    if (typeof v === 'string' && v.trim()) out[k.toLowerCase()] = v.trim();
  for (const [k, v] of Object.entries(meta.xmp)) if (v.trim()) out[k.toLowerCase()] = v.trim();
  return out;
}

/** Titles that tools write instead of a real one. */
function plausibleTitle(t: string | undefined): t is string {
  if (!t) return false;
  const s = t.trim();
  if (s.length < 8 || s.length > 400 || s.split(/\s+/).length < 2) return false;
  return !/\.(docx?|pdf|tex|dvi|rtf|indd|qxd)\b|^microsoft word|^untitled|^(title|paper|manuscript|article)\b\s*\d*$|^doi:|^10\.\d{4}/i.test(
    s,
  );
}

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Greek letters as a Symbol font's code points read when its map is missing: "bacteriophage λ" is printed
 * with the glyph at 'l', so page 1 reads "bacteriophage l" while the PDF's metadata keeps the λ.
 */
const SYMBOL_FONT: Record<string, string> = Object.fromEntries(
  [...'αβχδεφγηιϕκλμνοπθρστυϖωξψζ'].map((g, i) => [g, at('abcdefghijklmnopqrstuvwxyz', i)]),
);
const symbolFolded = (s: string) =>
  letters(s.replace(/µ/g, 'm').replace(/[α-ωϕϖ]/g, (c) => SYMBOL_FONT[c] ?? c));

/** "Post- transcriptional" → "Post-transcriptional": a soft hyphen pdf.js reads as a space (not "pre- and"). */
function tidyTitle(s: string): string {
  const t = composeAccents(s.normalize('NFC'))
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .replace(/(\p{L})- (?!(?:and|or|to|und|oder|y|o|et|ou|e)\b)(\p{Ll})/gu, '$1-$2');
  // A revision note after the title (F1000's "[version 2; referees: 2 approved]", "[v2; ref status: …]").
  const note = /[[|(]\s?v(?:ersion)?\s?\d+\s?[;,]/i.exec(t);
  return (note ? t.slice(0, note.index) : t).trim();
}

/** A line's superscripts as marks ("Dirk Eddelbuettel†"): an affiliation letter set raised is not a name's. */
function bylineText(l: Line): string {
  if (!l.sup) return l.text;
  let out = '';
  let from = 0;
  for (let i = 0; i + 1 < l.sup.length; i += 2) {
    // Spaced: the raised run may carry the space before the next word ("Taubert 2 and").
    out += l.text.slice(from, at(l.sup, i)) + ' † ';
    from = at(l.sup, i + 1);
  }
  return out + l.text.slice(from);
}

/**
 * A line of a title without the footnote mark raised at its end ("…Linear Algebra¹", "…and methods∗"): one
 * character, or digits. A formula's superscript ("Ca2+") is left.
 */
function titleText(l: Line): string {
  const end = l.sup?.at(-1);
  const start = l.sup?.at(-2);
  if (end !== l.text.length || start === undefined) return l.text;
  const mark = l.text.slice(start, end);
  return mark.length === 1 || /^\d+$/.test(mark) ? l.text.slice(0, start).trimEnd() : l.text;
}

/**
 * The title is the largest text in the upper two thirds of page 1 (ties go to the longer run, so "Research
 * Article" set in the same size loses). The metadata title wins when page 1 confirms it, because its
 * spacing is cleaner than text rebuilt from glyph positions.
 */
/**
 * A byline set in the title's size (OCR measures them alike): names, with an initial or an affiliation mark
 * to tell them from a title in Title Case ("Cancer Cells and Tumour Growth").
 */
function looksLikeByline(text: string): boolean {
  return /\b\p{Lu}\.\s|\p{L}['’:*∗†\d]/u.test(text) && parseAuthorLine(text) !== null;
}

function titleFromPage(lines: Line[], pageHeight: number): { title: string; end: number } | null {
  const groups: { text: string; size: number; start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = at(lines, i);
    if (l.y < pageHeight / 3 || !/\p{L}{2}/u.test(l.text)) continue;
    const g = groups.at(-1);
    // Sizes measured by OCR vary a little from line to line of one heading.
    const tolerance = l.fontName === OCR_FONT ? 0.12 * l.size : 0.5;
    if (
      g &&
      g.end === i - 1 &&
      Math.abs(g.size - l.size) < tolerance &&
      // The same font, or the very same size after a line long enough to have wrapped: Ghostscript splits
      // one font into subsets with new names, while a label set above a title ("Research Article") is short.
      (at(lines, i - 1).fontName === l.fontName ||
        (Math.abs(g.size - l.size) < 0.05 && at(lines, i - 1).text.length >= 35)) &&
      at(lines, i - 1).y - l.y < l.size * 2 &&
      !looksLikeByline(bylineText(l))
    ) {
      g.text += ' ' + titleText(l);
      g.end = i;
    } else groups.push({ text: titleText(l), size: l.size, start: i, end: i });
  }
  const ok = groups.filter(
    (g) => g.text.split(/\s+/).length >= 2 && g.text.length >= 8 && g.text.length <= 400,
  );
  // Sizes within a tenth of each other are a tie when OCR measured them.
  const ocr = lines.some((l) => l.fontName === OCR_FONT);
  const same = (a: number, b: number) => (ocr ? Math.abs(a - b) < 0.1 * Math.max(a, b) : a === b);
  ok.sort((a, b) => (same(a.size, b.size) ? b.text.length - a.text.length : b.size - a.size));
  const best = ok[0];
  if (!best) return null;
  return { title: tidyTitle(best.text + continuation(lines, best, ocr)), end: best.end };
}

/**
 * The title's wrapped lines that reading order put elsewhere: a title centred over a byline of several
 * columns is read with the first column, and its second line comes after that column's names. A line of
 * the title's size set just below its last line (within two line heights) continues it.
 */
function continuation(
  lines: Line[],
  g: { text: string; size: number; start: number; end: number },
  ocr: boolean,
): string {
  let last = at(lines, g.end);
  let text = '';
  for (let added = 0; added < 3; added++) {
    const next = lines.find(
      (l, i) =>
        (i < g.start || i > g.end) &&
        l.y < last.y &&
        last.y - l.y < 2 * l.size &&
        Math.abs(l.size - g.size) < (ocr ? 0.12 * g.size : 0.05) &&
        /\p{L}{2}/u.test(l.text) &&
        !looksLikeByline(bylineText(l)),
    );
    if (!next || text.includes(titleText(next))) break;
    text += ' ' + titleText(next);
    last = next;
  }
  return text;
}

function authorsFromPage(lines: Line[], titleEnd: number): string[] {
  const names: string[] = [];
  // Up to 15 lines after the title, and not past the abstract: a byline of many authors wraps over several
  // lines, and a side column (dates, "Check for updates") may come between it and the title in reading order.
  let budget = 15;
  for (let i = titleEnd + 1; i < lines.length && budget > 0; i++) {
    const text = bylineText(at(lines, i));
    // Superscript marks set apart from their names ("1,7") are lines of their own in reading order.
    if (!/\p{L}/u.test(text)) continue;
    budget--;
    if (!names.length && /^\s*(abstract|summary|background|zusammenfassung|resumen)\b/i.test(text)) break;
    const got = parseAuthorLine(text);
    if (!got) {
      if (names.length) break;
      continue;
    }
    names.push(...got);
  }
  return names;
}

/** Which witness a field was taken from. */
export type Witness = 'page' | 'metadata' | 'none';

/** Surname and first initial: "Daniel S. Weld" and "Daniel Weld" are one person, "Hélène" is "Helene". */
const personKey = (name: string) => {
  const w = foldName(name).split(' ');
  return `${w.at(-1)} ${w[0]?.[0] ?? ''}`;
};

/**
 * The author list to keep, from the names page 1 prints after the title and the names in the PDF's Author
 * field. The field is believed only when page 1 prints its names (at least 80% of them, word for word,
 * accents aside): tools write "Grschow Sabine" for "Sabine Grüschow", or one name and "et al.". A believed
 * field wins when page 1 gave nothing, fewer names that it also lists, or names it mostly does not list (a
 * wrapped title line read as a byline). Names page 1 prints are kept in its spelling. Page names made only
 * of the title's words ("Cancer Cells") are dropped first.
 */
export function chooseAuthors(
  page: string[],
  meta: string[],
  pageText: string,
  title: string | null,
): { authors: string[]; from: Witness } {
  const titleWords = new Set(foldName(title ?? '').split(' '));
  const pageNames = page.filter(
    (n) =>
      !foldName(n)
        .split(' ')
        .every((w) => titleWords.has(w)),
  );
  const printed = new Set(foldName(pageText).split(' '));
  const isPrinted = (n: string) =>
    foldName(n)
      .split(' ')
      .every((w) => w.length < 2 || printed.has(w));
  const believed = meta.length > 0 && meta.filter(isPrinted).length >= 0.8 * meta.length;
  if (!believed || !meta.length) {
    if (pageNames.length) return { authors: pageNames, from: 'page' };
    return meta.length ? { authors: meta, from: 'metadata' } : { authors: [], from: 'none' };
  }
  const metaKeys = new Set(meta.map(personKey));
  const shared = pageNames.filter((n) => metaKeys.has(personKey(n))).length;
  const metaWins =
    pageNames.length === 0 ||
    (shared === pageNames.length && meta.length > pageNames.length) ||
    (meta.length >= 2 && shared < 0.5 * pageNames.length);
  if (!metaWins) return { authors: pageNames, from: 'page' };
  const spelled = new Map(pageNames.map((n) => [personKey(n), n]));
  return {
    authors: printedOrder(meta, pageText).map((n) => spelled.get(personKey(n)) ?? n),
    from: 'metadata',
  };
}

/**
 * The field's names in the order page 1 prints them in full (a byline in columns is read column by column,
 * and a field may list the authors in another order than the paper); the field's order when any is not
 * printed in full. Citations in the abstract give surnames alone, so a full name's first place is the byline.
 */
function printedOrder(names: string[], pageText: string): string[] {
  const page = ` ${foldName(pageText)} `;
  const places = names.map((n) => page.indexOf(` ${foldName(n)} `));
  if (places.some((p) => p < 0)) return names;
  return names
    .map((n, i) => ({ n, p: places[i] ?? 0 }))
    .sort((a, b) => a.p - b.p)
    .map((x) => x.n);
}

function yearFrom(text: string, meta: Record<string, string>): number | null {
  const max = new Date().getFullYear() + 1;
  const valid = (y: string | undefined) => (y && +y >= 1900 && +y <= max ? +y : null);
  const patterns = [
    // The paper's own citation line, Vancouver style ("eLife 2023;12:RP91357", "Lancet 2018; 391: 241–50"):
    // a version of record published the next year still cites as the volume's year.
    /\b((?:19|20)\d{2})\s*;\s*\d{1,4}(?:\s*\(\d+\))?\s*:\s*[A-Z]{0,3}\d/,
    /\bpublished(?: online)?:?\s+(?:\d{1,2}\s+)?(?:\p{L}+\.?\s+)?(?:\d{1,2},?\s+)?((?:19|20)\d{2})\b/iu,
    /(?:©|\(c\)|copyright)\s*(?:©\s*)?((?:19|20)\d{2})\b/i,
    /\baccepted:?\s+(?:\d{1,2}\s+)?(?:\p{L}+\.?\s+)?(?:\d{1,2},?\s+)?((?:19|20)\d{2})\b/iu,
  ];
  for (const re of patterns) {
    const y = valid(re.exec(text)?.[1]);
    if (y) return y;
  }
  for (const key of ['prism:coverdate', 'prism:publicationdate', 'dc:date', 'subject']) {
    const y = valid(/\b((?:19|20)\d{2})\b/.exec(meta[key] ?? '')?.[1]);
    if (y) return y;
  }
  const y = valid(/\b((?:19|20)\d{2})\b/.exec(text)?.[1]);
  if (y) return y;
  return valid(/^D?:?((?:19|20)\d{2})/.exec(meta['creationdate'] ?? '')?.[1]);
}

/**
 * Title, authors, year and DOI from the PDF's Info/XMP metadata and the first page. `firstPage` is page 1
 * in reading order, running heads included (the DOI and year often sit in them). `elsewhere` is text where a
 * DOI is printed when it is not on the first page: the last page, every page's head and foot lines.
 */
export interface MetadataWithSources extends DocumentMetadata {
  sources: { title: Witness; authors: Witness };
}

export function extractMetadata(
  meta: PdfMetadataInput,
  firstPage: Line[],
  pageHeight: number,
  elsewhere = '',
): DocumentMetadata {
  const { title, authors, year, doi } = extractMetadataWithSources(meta, firstPage, pageHeight, elsewhere);
  return { title, authors, year, doi };
}

/** extractMetadata, saying which witness each of title and authors came from. */
export function extractMetadataWithSources(
  meta: PdfMetadataInput,
  firstPage: Line[],
  pageHeight: number,
  elsewhere = '',
): MetadataWithSources {
  const m = metaStrings(meta);
  const pageText = firstPage.map((l) => l.text).join('\n');
  const fromPage = titleFromPage(firstPage, pageHeight);
  const metaTitle = m['title'] ?? m['dc:title'];
  let title: string | null = null;
  let titleFrom: Witness = 'none';
  // The metadata title wins when page 1 prints it (Greek letters may read as their Symbol-font Latin).
  if (plausibleTitle(metaTitle) && (!fromPage || symbolFolded(pageText).includes(symbolFolded(metaTitle)))) {
    title = tidyTitle(metaTitle);
    titleFrom = 'metadata';
    // The same words as page 1's title but in another case ("Models using lme4" over a printed "Models
    // Using lme4"): the page's case is the title's.
    if (fromPage && fromPage.title !== title && fromPage.title.toLowerCase() === title.toLowerCase()) {
      title = fromPage.title;
      titleFrom = 'page';
    }
  } else if (fromPage) {
    title = fromPage.title;
    titleFrom = 'page';
  } else if (plausibleTitle(metaTitle)) {
    title = tidyTitle(metaTitle);
    titleFrom = 'metadata';
  }

  const metaAuthor = m['author'] ?? m['dc:creator'];
  const chosen = chooseAuthors(
    fromPage ? authorsFromPage(firstPage, fromPage.end) : [],
    metaAuthor ? parseAuthorField(metaAuthor) : [],
    pageText,
    title,
  );

  const doiSources = [
    m['prism:doi'],
    m['doi'],
    m['dc:identifier'],
    m['subject'],
    m['keywords'],
    pageText,
    elsewhere,
  ];
  let doi: string | null = null;
  for (const s of doiSources) if (!doi && s) doi = findDoi(s);
  return {
    title,
    authors: chosen.authors,
    year: yearFrom(pageText, m),
    doi,
    sources: { title: titleFrom, authors: chosen.from },
  };
}

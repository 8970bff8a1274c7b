import type { Line, PdfMetadataInput } from './types';
import { at } from '../../at';

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
 * The title is the largest text in the upper two thirds of page 1 (ties go to the longer run, so "Research
 * Article" set in the same size loses). The metadata title wins when page 1 confirms it, because its
 * spacing is cleaner than text rebuilt from glyph positions.
 */
function titleFromPage(lines: Line[], pageHeight: number): { title: string; end: number } | null {
  const groups: { text: string; size: number; start: number; end: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = at(lines, i);
    if (l.y < pageHeight / 3 || !/\p{L}{2}/u.test(l.text)) continue;
    const g = groups.at(-1);
    if (
      g &&
      g.end === i - 1 &&
      Math.abs(g.size - l.size) < 0.5 &&
      at(lines, i - 1).fontName === l.fontName &&
      at(lines, i - 1).y - l.y < l.size * 2
    ) {
      g.text += ' ' + l.text;
      g.end = i;
    } else groups.push({ text: l.text, size: l.size, start: i, end: i });
  }
  const ok = groups.filter(
    (g) => g.text.split(/\s+/).length >= 2 && g.text.length >= 8 && g.text.length <= 400,
  );
  ok.sort((a, b) => b.size - a.size || b.text.length - a.text.length);
  const best = ok[0];
  return best ? { title: best.text.replace(/\s+/g, ' ').trim(), end: best.end } : null;
}

const NOT_A_NAME =
  /\b(university|universit|department|institute|hospital|school|college|center|centre|laborator|faculty|division|clinic|e-?mail|correspond|received|abstract|article|journal|open access|research|foundation|inc|ltd)\b|@|\d{3}/i;
const NAME_TOKEN =
  /^(\p{Lu}[\p{L}'’-]*\.?|\p{Lu}\.(-?\p{Lu}\.)*|van|von|de|der|den|da|di|del|la|le|dos|du|y|bin|ibn)$/u;

/** Splits an author line into names, dropping affiliation markers (digits, *, †, superscript letters). */
export function parseAuthorLine(text: string): string[] | null {
  const parts = text
    .replace(/\s+(and|&)\s+/gi, ', ')
    .split(/[,;]/)
    .map((p) =>
      p
        .replace(/[\d*†‡§¶#]+/g, ' ')
        .replace(/\s+[a-f](?=\s|$)/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 0 && p !== 'and');
  if (!parts.length) return null;
  const names = parts.filter((p) => {
    const toks = p.split(' ');
    return (
      toks.length >= 2 && toks.length <= 5 && toks.every((t) => NAME_TOKEN.test(t)) && !NOT_A_NAME.test(p)
    );
  });
  if (!names.length || names.length < parts.length * 0.6) return null;
  return names.map(naturalCase);
}

/**
 * "MARY J. O’CONNELL" → "Mary J. O’Connell": a name set in capitals gets natural case, word by word and
 * after hyphens and apostrophes; initials and names already in mixed case are left alone.
 */
export function naturalCase(name: string): string {
  return name
    .split(' ')
    .map((tok) => {
      const letters = tok.replace(/[^\p{L}]/gu, '');
      if (letters.length < 2 || letters !== letters.toUpperCase()) return tok;
      let out = '';
      let start = true;
      for (const ch of tok.toLowerCase()) {
        out += start ? ch.toUpperCase() : ch;
        start = ch === '-' || ch === "'" || ch === '’';
      }
      return out;
    })
    .join(' ');
}

function authorsFromPage(lines: Line[], titleEnd: number): string[] {
  const names: string[] = [];
  // Up to 8 lines after the title: a byline of eight authors with marks wraps over several lines.
  for (let i = titleEnd + 1; i < Math.min(lines.length, titleEnd + 9); i++) {
    const got = parseAuthorLine(at(lines, i).text);
    if (!got) {
      if (names.length) break;
      continue;
    }
    names.push(...got);
  }
  return names;
}

function yearFrom(text: string, meta: Record<string, string>): number | null {
  const max = new Date().getFullYear() + 1;
  const valid = (y: string | undefined) => (y && +y >= 1900 && +y <= max ? +y : null);
  const patterns = [
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
export function extractMetadata(
  meta: PdfMetadataInput,
  firstPage: Line[],
  pageHeight: number,
  elsewhere = '',
): DocumentMetadata {
  const m = metaStrings(meta);
  const pageText = firstPage.map((l) => l.text).join('\n');
  const fromPage = titleFromPage(firstPage, pageHeight);
  const metaTitle = m['title'] ?? m['dc:title'];
  let title: string | null = null;
  if (plausibleTitle(metaTitle) && (!fromPage || letters(pageText).includes(letters(metaTitle))))
    title = metaTitle;
  else title = fromPage?.title ?? (plausibleTitle(metaTitle) ? metaTitle : null);

  let authors = fromPage ? authorsFromPage(firstPage, fromPage.end) : [];
  const metaAuthor = m['author'] ?? m['dc:creator'];
  if (!authors.length && metaAuthor) authors = parseAuthorLine(metaAuthor) ?? [metaAuthor];

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
  return { title, authors, year: yearFrom(pageText, m), doi };
}

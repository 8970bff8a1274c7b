import type { ReferenceEntry } from '../../contract/citations';
import { trimEndChars, trimStartChars } from '../nlp/trim-chars';
import { NAME_PARTICLES as PARTICLES } from '../nlp/name-particles';

/**
 * One entry of a reference list read into fields: authors (surnames), year, title and DOI where printed.
 * The styles met in real papers differ mostly in where the year sits: after the authors in parentheses
 * (APA, PLOS, NAR: "Hale,C.R. … (2009) Title."), after the authors between full stops (ACL, eLife, ASM:
 * "Aebi M, Weissman C. 1987. Title."), or near the end (Vancouver, Nature, MDPI, BMC, Lancet: "Lund, H.
 * et al. Title. Energy 164, 147 (2018)."). The year anchor, when there is one, splits authors from title;
 * otherwise the authors end where their list of surnames and initials does.
 *
 * No pattern here backtracks over the entry: the entry is scanned token by token.
 */
export type ParsedReference = ReferenceEntry;

const LEAD = /^\s*(?:\[\d{1,3}\]|\d{1,3}\.?)\s+/;
const MAX_ENTRY = 2000;
const MIN_YEAR = 1700;
const MAX_YEAR = new Date().getFullYear() + 1;

export function parseReference(entry: string): ParsedReference {
  const raw = entry.replace(/\s+/g, ' ').trim().slice(0, MAX_ENTRY);
  const body = raw.replace(LEAD, '');
  const doi = findDoi(body);
  const anchor = yearAnchor(body);
  let authorPart: string;
  let title: string | null;
  if (anchor) {
    authorPart = body.slice(0, anchor.start);
    title = titleFrom(body.slice(anchor.end));
  } else {
    const split = splitAuthorsNoAnchor(body);
    authorPart = split.authors;
    title = split.title;
  }
  return {
    raw,
    authors: surnamesOf(authorPart),
    year: anchor?.year ?? trailingYear(body),
    title: title && title.length >= 4 ? title : null,
    doi,
  };
}

// --- DOI ---------------------------------------------------------------------------------------------

const DOI_START = /10\.\d{4,9}\//;
const isSpace = (c: string | undefined) => c === ' ';

/**
 * The DOI, rejoined where a line break put a space inside it ("10.1016/j.jneumeth. 2012.12.006",
 * "10.1016/j .cub.2019", "10.1038/ 382252a0"): a piece continues it when the DOI so far ends in a
 * separator or the piece starts with one, and the piece starts with a digit, a lower-case letter or a
 * separator (a sentence after the DOI starts with a capital).
 */
export function findDoi(s: string): string | null {
  const m = DOI_START.exec(s);
  if (!m) return null;
  let i = m.index;
  let out = '';
  for (;;) {
    let k = i;
    while (k < s.length && !isSpace(s[k])) k++;
    out += s.slice(i, k);
    let j = k;
    while (isSpace(s[j])) j++;
    if (j >= s.length || j === k) break;
    const next = s[j] ?? '';
    const endsOpen = /[./_-]$/.test(out);
    const startsOpen = /[./_-]/.test(next);
    if (!(endsOpen || startsOpen) || !/[0-9a-z./_-]/.test(next)) break;
    i = j;
  }
  out = trimEndChars(out, '.,;:');
  // A closing bracket belongs to the DOI only when the DOI opened one ("…(87)90193-4").
  while (out.endsWith(')') && count(out, '(') < count(out, ')')) out = trimEndChars(out.slice(0, -1), '.,;:');
  while (out.endsWith(']')) out = out.slice(0, -1);
  return out.length > 8 ? out.toLowerCase() : null;
}

const count = (s: string, c: string) => s.split(c).length - 1;

// --- year --------------------------------------------------------------------------------------------

interface Anchor {
  year: number;
  start: number;
  end: number;
}

const validYear = (y: number) => y >= MIN_YEAR && y <= MAX_YEAR;

/**
 * A year printed right after the authors: "(2013)" / "(2017a)." or ". 2018." with the title after it.
 * Only in the first part of the entry: a Nature-style "(2018)." at the end is not an anchor.
 */
function yearAnchor(s: string): Anchor | null {
  const limit = Math.min(s.length, Math.max(120, s.length * 0.6));
  const paren = /\((\d{4})[a-z]?\)[.,:]?\s*/g;
  for (let m = paren.exec(s); m && m.index < limit; m = paren.exec(s)) {
    const y = Number(m[1]);
    if (validYear(y) && s.length - (m.index + m[0].length) >= 10)
      return { year: y, start: m.index, end: m.index + m[0].length };
  }
  const dotted = /[.,]\s(\d{4})[a-z]?\.\s/g;
  for (let m = dotted.exec(s); m && m.index < limit; m = dotted.exec(s)) {
    const y = Number(m[1]);
    if (validYear(y)) return { year: y, start: m.index + 1, end: m.index + m[0].length };
  }
  return null;
}

/**
 * The year of an entry without an anchor: one followed by a volume ("2013;110", "1999, 144", "2007,
 * 104(16)"), else one in parentheses at the end ("(2018)."), else the last plausible one.
 */
function trailingYear(s: string): number | null {
  // No word boundary before the year: Lancet prints "Lancet2012;380" without a space.
  const vol = /(?<!\d)(\d{4})[a-z]?\s?[;,:]\s?\d/g;
  for (let m = vol.exec(s); m; m = vol.exec(s)) {
    const y = Number(m[1]);
    if (validYear(y)) return y;
  }
  let last: number | null = null;
  const any = /(?<!\d)(\d{4})[a-z]?(?!\d)/g;
  for (let m = any.exec(s); m; m = any.exec(s)) {
    const y = Number(m[1]);
    if (validYear(y)) last = y;
  }
  return last;
}

// --- title -------------------------------------------------------------------------------------------

/** Text up to the end of its first sentence: ". ", "? " or "! " before a capital or a digit. */
function titleFrom(s: string): string | null {
  const t = trimStartChars(s, '.,:;', true);
  const end = sentenceEnd(t, 0);
  const title = trimEndChars(t.slice(0, end), '.,;:', true).trim();
  return title || null;
}

/** Index just past the first sentence end at or after `from` (the end of the string when there is none). */
function sentenceEnd(t: string, from: number): number {
  for (let i = from; i < t.length - 2; i++) {
    const c = t[i];
    if (c !== '.' && c !== '?' && c !== '!') continue;
    // "review.Addiction2006": some PDFs lose the space between a title and the journal.
    if (c === '.' && /\p{Lu}/u.test(t[i + 1] ?? '') && /[\p{Ll}\d]{4}$/u.test(t.slice(Math.max(0, i - 4), i)))
      return i;
    if (t[i + 1] !== ' ') continue;
    const next = t[i + 2] ?? '';
    if (!/[\p{Lu}\d]/u.test(next)) continue;
    // "E. coli", "A. thaliana": an initial is not the end of a title.
    if (c === '.' && isInitialBefore(t, i)) continue;
    return c === '.' ? i : i + 1;
  }
  return t.length;
}

/** Whether the word ending at `dot` is one capital letter (an initial or a genus abbreviation). */
function isInitialBefore(t: string, dot: number): boolean {
  const prev = t[dot - 1] ?? '';
  const before = t[dot - 2];
  return /\p{Lu}/u.test(prev) && (before === undefined || !/[\p{L}]/u.test(before));
}

/**
 * Authors and title of an entry whose year comes late. The author list ends at "et al.", at a colon
 * after it (BMC: "Larson G: Title"), after an initial that is followed by a word without a comma
 * ("Johnson, R. G. Molecular cloning", "Sun F. Close linkage"), or at the first full stop after a run of
 * initials ("Hattersley AT. Prevalence").
 */
function splitAuthorsNoAnchor(s: string): { authors: string; title: string | null } {
  const etAl = /\bet al\.?[,.]?\s?/.exec(s);
  if (etAl && etAl.index < 400)
    return { authors: s.slice(0, etAl.index), title: titleFrom(s.slice(etAl.index + etAl[0].length)) };
  const tokens = s.split(' ');
  let pos = 0;
  for (let i = 0; i < tokens.length - 1; i++) {
    const tok = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const tokEnd = pos + tok.length;
    pos = tokEnd + 1;
    if (tokEnd > 600) break;
    if (tok.endsWith(':') && i > 0 && looksLikeAuthors(s.slice(0, tokEnd - 1)))
      return { authors: s.slice(0, tokEnd - 1), title: titleFrom(s.slice(pos)) };
    if (!tok.endsWith('.')) continue;
    const word = tok.slice(0, -1);
    const initials = /^(?:\p{Lu}\.?-?){1,4}$/u.test(word) || /^\p{Lu}[.,]?\p{Lu}?$/u.test(word);
    if (!initials) {
      // A full stop after something that is not an initial: the author list has ended if it looked like one.
      return looksLikeAuthors(s.slice(0, tokEnd - 1))
        ? { authors: s.slice(0, tokEnd - 1), title: titleFrom(s.slice(pos)) }
        : { authors: '', title: titleFrom(s) };
    }
    // An initial before a capitalised word that is not itself followed by a comma or an initial: the title.
    const nextWord = next.replace(/[,;]$/, '');
    const after = tokens[i + 2] ?? '';
    // A bare capital before a lower-case word is the article of a title ("Palombo, A. A novel model").
    const article = /^\p{Lu}$/u.test(next) && /^\p{Ll}/u.test(after);
    const nextIsAuthor =
      !article &&
      (next.endsWith(',') ||
        next.endsWith(';') ||
        next === '&' ||
        next === 'and' ||
        /^(?:\p{Lu}\.?-?){1,3}[,;.]?$/u.test(next) ||
        /^\p{Lu}\.\p{Lu}/u.test(next));
    if (/^[\p{Lu}\d]/u.test(nextWord) && !nextIsAuthor && i > 0) {
      // "…, Johnson, R. G. Molecular cloning": "Molecular" is followed by a lower-case word.
      if (!/^(?:\p{Lu}\.?){1,3}[,;]/u.test(after))
        return { authors: s.slice(0, tokEnd), title: titleFrom(s.slice(pos)) };
    }
  }
  return { authors: '', title: titleFrom(s) };
}

/** Initials and commas: "Emerson SB, Inger RF" or "Barone, G., Buonomano, A." */
function looksLikeAuthors(s: string): boolean {
  if (!s.trim()) return false;
  const initials = s.match(/(?:^|[\s,])\p{Lu}{1,3}(?=[\s,.;:]|$)|\p{Lu}\./gu)?.length ?? 0;
  return initials >= 1 && (s.includes(',') || s.split(' ').length <= 3);
}

// --- authors -----------------------------------------------------------------------------------------

const INITIALS = /^(?:\p{Lu}\.?-?){1,4}\.?$|^\p{Lu}\p{Ll}?\.$/u;
const SUFFIX = /^(?:jr|sr|ii|iii|iv)\.?$/i;

/**
 * Surnames from an author list in any of the usual shapes: "Emerson SB, Inger RF" (surname, initials),
 * "Barone, G., Buonomano, A. & Palombo, A." and "Hale,C.R., Zhao,P." (surname, comma, initials),
 * "Langseth, W.; Bernhost, A." and "Riaz Ahmad and Muhammad Tanvir Afzal" (given names first).
 */
export function surnamesOf(authorPart: string): string[] {
  const s = authorPart
    .replace(/\bet al\.?/g, ' ')
    .replace(/ (?:and|&) /g, ', ')
    .replace(/;/g, ',')
    .replace(/,(?=\S)/g, ', ');
  const out: string[] = [];
  for (const piece of s.split(',')) {
    const words = piece
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .filter((w) => !SUFFIX.test(w));
    if (words.length === 0) continue;
    if (words.every((w) => INITIALS.test(w))) continue;
    let name: string;
    const lastIsInitials = words.length > 1 && INITIALS.test(words.at(-1) ?? '');
    if (lastIsInitials) {
      // "Emerson SB", "van Belkum MJ": everything before the initials.
      const cut = words.findIndex(
        (w, i) => i > 0 && INITIALS.test(w) && words.slice(i).every((x) => INITIALS.test(x)),
      );
      name = words.slice(0, cut).join(' ');
    } else if (words.length === 1) name = words[0] ?? '';
    else {
      // Given names first: the last word, with its particles.
      let k = words.length - 1;
      while (k > 0 && PARTICLES.has((words[k - 1] ?? '').toLowerCase())) k--;
      name = words.slice(k).join(' ');
    }
    name = trimEndChars(name, '.:').trim();
    if (name && /\p{L}/u.test(name)) out.push(name);
    if (out.length >= 12) break;
  }
  return out;
}

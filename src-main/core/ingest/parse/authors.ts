import { at } from '../../at';
import { NAME_PARTICLES as PARTICLES } from '../../nlp/name-particles';

/**
 * Author names from a byline as printed on a first page, or from a PDF's own Author / dc:creator field. Pure
 * string rules: the metadata module decides which witness to believe.
 */

/**
 * Affiliation and footnote marks set after a name: digits (also superscript), *, the asterisk operator ∗ that
 * TeX and many typesetters use, daggers, section and pilcrow signs, double bars, ordinal indicators.
 */
const MARKS =
  /[\d\u00b9\u00b2\u00b3\u2070-\u2079*\u2217\u204e\u2731\u2020\u2021\u00a7\u00b6#\u2016\u00aa\u00ba]+/gu;

const HAS_MARK = new RegExp(MARKS.source, 'u');
const ENDS_MARKED = new RegExp(`(?:${MARKS.source})\\s*$`, 'u');

/** Spacing accents a PDF may print as glyphs of their own beside the letter (TeX's \'e, "He´le`ne"). */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', // ´ acute
  '`': '\u0300', // grave
  '\u00a8': '\u0308', // ¨ diaeresis
  '\u02c6': '\u0302', // ˆ circumflex
  '^': '\u0302',
  '\u02dc': '\u0303', // ˜ tilde
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02c7': '\u030c', // ˇ caron
  '\u02da': '\u030a', // ˚ ring
  '\u02d8': '\u0306', // ˘ breve
  '\u02dd': '\u030b', // ˝ double acute
  '\u02db': '\u0328', // ˛ ogonek
};

const MAX_LINE = 2000;

const VOWELS = /[aeiouyAEIOUY]/;

/** The letter with the accent on it, when Unicode has that letter (é, ç, ŕ), else null. */
function accented(letter: string | undefined, mark: string): string | null {
  if (!letter || !/\p{L}/u.test(letter)) return null;
  const c = (letter + mark).normalize('NFC');
  return [...c].length === 1 ? c : null;
}

/**
 * Puts spacing accents back on their letter: "H´el`ene" and "Vale´rie" → "Hélène", "Valérie". The accent sits
 * on a letter beside it: the one that takes it (Unicode has the accented letter), a vowel before a consonant,
 * and between two vowels the following one — TeX prints the accent before its letter.
 */
export function composeAccents(s: string): string {
  let out = '';
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const c = at(chars, i);
    const mark = SPACING_ACCENTS[c];
    if (!mark) {
      out += c;
      continue;
    }
    const prev = out.at(-1);
    const next = chars[i + 1];
    const onPrev = accented(prev, mark);
    const onNext = accented(next, mark);
    const preferPrev = onPrev && (!onNext || (VOWELS.test(prev ?? '') && !VOWELS.test(next ?? '')));
    if (preferPrev) out = out.slice(0, -1) + onPrev;
    else if (onNext) {
      out += onNext;
      i++;
    } else out += c;
  }
  return out;
}

const NOT_A_NAME =
  /\b(university|universit|universidad|universidade|universität|université|department|departamento|institute|instituto|institut|hospital|klinik|school|college|center|centre|laborator|faculty|division|clinic|e-?mail|correspond|received|accepted|abstract|article|journal|open access|research|foundation|inc|ltd|gmbh|editor|review|biology|sciences?|management|engineering|medicine|chemistry|physics|health|technology|ecology|studies|program(?:me)?)\b|@|\d{3}/i;
/** A capitalised word (with hyphens and apostrophes), an initial ("J.", "J.-P.", "WA"), or a particle. */
const NAME_WORD = /^(\p{Lu}[\p{L}'’-]*\.?|\p{Lu}\.(-?\p{Lu}\.)*)$/u;
/** Words that join the last two names of a byline, in the languages papers are written in. */
const AND = /\s+(?:and|&|und|y|et|e|i|и|και)(?:\s+|\s*$)/giu;
/** Honorifics and degrees a PDF's Author field may carry ("Dr Jamie Brown PhD"). */
const TITLES = /^(?:dr|prof|professor|mr|mrs|ms|phd|md|msc|bsc|mph|mba|dphil|frcp|ffph|mrcp|rn)\.?$/i;
/** Prefixes after which a capital is part of the surname (McGuire, MacDonald, DeVries, O'Connell). */
const CAMEL_PREFIX = /^(mc|mac|de|di|da|du|la|le|van|von|fitz|o'|o’|d'|d’)$/i;

/** Hyphens that are the same hyphen to a reader (non-breaking, Unicode hyphen) become "-". */
const plainHyphens = (s: string) => s.replace(/[\u2010\u2011]/g, '-');

/**
 * "DanielTabet" → "Daniel Tabet": a word space the PDF's kerning swallowed. A lower-to-upper change inside a
 * word splits it unless what comes before is a surname prefix (McGuire, MacDonald, DeVries).
 */
function splitRunTogether(tok: string): string[] {
  const m = /^((?:\p{Lu}\p{Ll}+-)*\p{Lu}\p{Ll}{2,})(\p{Lu}\p{Ll}+)$/u.exec(tok);
  if (!m) return [tok];
  const [, first = '', second = ''] = m;
  if (CAMEL_PREFIX.test(first.split('-').at(-1) ?? '')) return [tok];
  return [first, second];
}

function isNameWord(t: string): boolean {
  return NAME_WORD.test(t) || PARTICLES.has(t.toLowerCase());
}

/** The words of one name, or null when the words cannot be a person's name. */
function nameWords(part: string): string[] | null {
  const toks = part
    .split(' ')
    .flatMap(splitRunTogether)
    .filter((t) => t && !TITLES.test(t));
  if (toks.length < 2 || toks.length > 5 || !toks.every(isNameWord)) return null;
  // A particle is never the whole surname ("Maria de").
  if (PARTICLES.has(at(toks, toks.length - 1).toLowerCase())) return null;
  return toks;
}

/** Marks between names without commas ("Kyle Lo†∗ Lucy Lu Wang†∗ Mark Neumann†"): each mark ends a name. */
function splitOnMarks(text: string): string[] {
  return text.split(MARKS);
}

/**
 * Splits an author line into names, dropping affiliation markers (digits, ∗, †, superscript letters) and
 * putting spacing accents back on their letters. Null when the line does not read as a byline: fewer than
 * 60% of its comma-separated parts are names.
 */
export function parseAuthorLine(text: string): string[] | null {
  // A byline is a few hundred characters; the cut bounds the patterns below (test/lint/redos.test.ts).
  const clean = plainHyphens(composeAccents(text.slice(0, MAX_LINE).normalize('NFC')));
  const commaParts = clean.replace(AND, ', ').split(/[,;]/);
  // No separators but marks: each run of marks closes a name.
  const raw = commaParts.length === 1 ? splitOnMarks(clean.replace(AND, ' ')) : commaParts;
  // "Bryan W. Daviesb,c": a superscript letter run into the name, given away by the lone letter after the
  // comma that comes later in the alphabet (marks are listed in order; "Cole,a" keeps its e).
  for (let i = 0; i + 1 < raw.length; i++) {
    const next = at(raw, i + 1).trim();
    if (!/^[a-h]$/.test(next)) continue;
    raw[i] = at(raw, i).replace(/(\p{Ll})([a-h])\s*$/u, (all, l: string, m: string) => (m < next ? l : all));
  }
  const parts = raw
    .map((p, i) => ({
      // An affiliation mark after the words ("warkineh2"); a line split on its marks has one after every part
      // but perhaps the last.
      marked: commaParts.length === 1 ? i < raw.length - 1 || ENDS_MARKED.test(clean) : HAS_MARK.test(p),
      text: p
        .replace(MARKS, ' ')
        // Marks as OCR reads them: a superscript 1 as "'", "’" or ":" after the name ("Leal':2").
        .replace(/(\p{L})['’`:|]+(?=\s|$)/gu, '$1')
        // A superscript affiliation letter after a name ("Cole,a", "Daviesb,c" is left alone: one word).
        .replace(/(^|\s+)[a-h](?=\s|$)/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    }))
    .filter((p) => p.text.length > 0 && !/^[a-h]$/.test(p.text));
  if (!parts.length) return null;
  const names: string[] = [];
  let strict = 0;
  for (const { text: p, marked } of parts) {
    if (NOT_A_NAME.test(p)) continue;
    const strictWords = nameWords(p);
    const words = strictWords ?? (marked ? miscasedName(p) : null);
    if (!words) continue;
    if (strictWords) strict++;
    names.push(naturalCase(words.join(' ')));
  }
  if (!strict || names.length < parts.length * 0.6) return null;
  return names;
}

/** Words no surname is, which a lower-case word of an affiliation or a sentence usually is. */
const FUNCTION_WORD = /^(?:and|or|of|for|the|in|on|at|to|with|from|by|via|per|et|al)$/;

/**
 * "Bikila warkineh²": a two- or three-word name whose later words a typesetter left in lower case. Believed only
 * for a part that carried an affiliation mark and begins with a capitalised given name, and only beside a name
 * that reads as one by the strict rule (the caller's check).
 */
function miscasedName(part: string): string[] | null {
  const toks = part.split(' ');
  const first = at(toks, 0);
  if (
    toks.length < 2 ||
    toks.length > 3 ||
    !NAME_WORD.test(first) ||
    FUNCTION_WORD.test(first.toLowerCase())
  ) {
    return null;
  }
  const ok = toks.slice(1).every((t) => isNameWord(t) || (/^\p{Ll}{3,}$/u.test(t) && !FUNCTION_WORD.test(t)));
  return ok ? toks : null;
}

/**
 * Names in a PDF's Author field: "Kyle Lo ; Lucy Lu Wang", "A. Cole;B. Parker", "Barbara Laddomada, Laura Del
 * Coco and Antonio F. Logrieco", "Robert W Aldridge PhD". A surname-first list ("Grschow Sabine, McQuarrie
 * Stuart") reads like names too; the metadata module only believes names that page 1 prints.
 */
export function parseAuthorField(field: string): string[] {
  const clean = field
    .slice(0, MAX_LINE)
    .replace(/\{?\bet al\.?\}?/gi, '')
    .trim();
  if (!clean) return [];
  const sep = clean.includes(';') ? /;/ : /,|\s+(?:and|&)\s+/i;
  const out: string[] = [];
  for (const raw of clean.split(sep)) {
    const words = nameWords(plainHyphens(raw.replace(MARKS, ' ').replace(/\s+/g, ' ').trim()));
    if (words) out.push(naturalCase(words.join(' ')));
  }
  return out;
}

/**
 * "MARY J. O’CONNELL" → "Mary J. O’Connell": a name set in capitals gets natural case, word by word and
 * after hyphens and apostrophes; initials and names already in mixed case are left alone.
 */
export function naturalCase(name: string): string {
  const mixed = /\p{Ll}/u.test(name);
  return name
    .split(' ')
    .map((tok) => {
      const letters = tok.replace(/[^\p{L}]/gu, '');
      if (letters.length < 2 || letters !== letters.toUpperCase()) return tok;
      // In a name that has lower case, up to three capitals without dots are initials ("Adam WA Geraghty").
      if (mixed && letters.length <= 3 && tok === letters) return tok;
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

/** A name's letters folded for comparison: case, accents and punctuation aside. */
export function foldName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

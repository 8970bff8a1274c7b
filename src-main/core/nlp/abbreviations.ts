/**
 * Abbreviations the way Schwartz & Hearst (PSB 2003) find them: a short form in parentheses after its long
 * form, "long form (SF)", where every letter of the short form appears in the long form in order and the
 * first one starts a word. The one finder of the code: ingestion joins the two forms of an entity with it,
 * the built-in engine types a short form by its long form, and search joins "ACE" with
 * "angiotensin-converting enzyme".
 */

/** A definition written in the text: `[start, end)` runs from the long form to the closing parenthesis. */
export interface AbbreviationDefinition {
  short: string;
  long: string;
  start: number;
  end: number;
}

const isAlnum = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/**
 * Schwartz & Hearst (2003): walk the short form right-to-left, matching each character inside the words
 * before the parenthesis; the first character must start a word. The shortest long form that fits, taken
 * from the end of `before` (whole words), or null.
 */
export function findLongForm(shortForm: string, before: string): string | null {
  const sf = shortForm.toLowerCase();
  const lf = before.toLowerCase();
  let s = sf.length - 1;
  let l = lf.length - 1;
  while (s >= 0) {
    const c = sf.charAt(s);
    if (!isAlnum(c)) {
      s--;
      continue;
    }
    while ((l >= 0 && lf[l] !== c) || (s === 0 && l > 0 && isAlnum(lf.charAt(l - 1)))) l--;
    if (l < 0) return null;
    l--;
    s--;
  }
  const start = Math.max(lf.lastIndexOf(' ', l), lf.lastIndexOf('\n', l)) + 1;
  const long = before.slice(start).trim();
  // "valproate (VAL)" abbreviates by a prefix; "HIV infection (HIV)" only repeats a word of its long form.
  if (
    long.length <= shortForm.length ||
    long
      .toLowerCase()
      .split(/[\s-]+/)
      .includes(sf)
  )
    return null;
  return long;
}

/** A single token of 2–10 characters with a capital or a digit after the first letter ("ACE", "mTOR", "IL6"). */
export function looksLikeAbbreviation(s: string): boolean {
  const t = s.trim();
  if (t.length < 2 || t.length > 10 || t.includes(' ')) return false;
  if (!/^\p{L}/u.test(t)) return false;
  let capitals = 0;
  for (const c of t) if (c !== c.toLowerCase() || /\d/.test(c)) capitals++;
  return capitals >= 2 || (capitals >= 1 && t.length <= 4 && t === t.toUpperCase());
}

/** Whether `long` (two words or more, not too many for the letters) can be spelled out by `short`. */
export function abbreviates(short: string, long: string): boolean {
  const words = long
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const letters = [...short].filter((c) => isAlnum(c)).length;
  if (words.length < 2 || long.length <= short.length || words.length > Math.min(letters + 5, letters * 2))
    return false;
  // The whole of `long` must be the long form: its first word is where the first letter matched.
  return findLongForm(short, long)?.toLowerCase() === long.trim().toLowerCase();
}

/** Whether `text` defines the pair: "long form (SF)" or "SF (long form)", case and spacing ignored. */
export function definesPair(text: string, short: string, long: string): boolean {
  const flat = text.toLowerCase().split(/\s+/).join(' ');
  const s = short.toLowerCase();
  const l = long.toLowerCase();
  return flat.includes(`${l} (${s}`) || flat.includes(`${s} (${l}`);
}

/** A short form inside "( … )": 2–12 characters, a letter or digit first, a capital somewhere. */
const SHORT = /\(([\p{L}\p{N}][\p{L}\p{N}\-+]{1,11})\)/uy;
/** The long form never runs across these: a clause or a sentence ended before it. */
const BREAK = /[.;:,()[\]]/;
/** How far back a long form may start: enough for the longest long form a 12-letter short form allows. */
const WINDOW = 240;

/**
 * Every "long form (SF)" definition of a text, in order, one per short form (the first). Starts from each
 * "(" (a scan per character read ahead of every position and was most of grounding's CPU), looks back at
 * most `WINDOW` characters and min(|SF| + 5, 2·|SF|) words, so the cost is linear in the text. A plural
 * short form ("LMWHs") matches the plural long form without its s.
 */
export function findAbbreviations(text: string): AbbreviationDefinition[] {
  const out: AbbreviationDefinition[] = [];
  const seen = new Set<string>();
  for (let q = text.indexOf('('); q >= 0; q = text.indexOf('(', q + 1)) {
    if (q === 0 || !/\s/.test(text.charAt(q - 1))) continue;
    SHORT.lastIndex = q;
    const m = SHORT.exec(text);
    const sf = m?.[1];
    if (!m || !sf || !/\p{Lu}/u.test(sf) || seen.has(sf.toLowerCase())) continue;
    const before = text.slice(Math.max(0, q - WINDOW), q).trimEnd();
    const maxWords = Math.min(sf.length + 5, sf.length * 2);
    const words = before.split(/\s+/);
    const window = words.slice(-maxWords).join(' ');
    const long =
      findLongForm(sf, window) ??
      (/^[\p{Lu}\p{N}]+s$/u.test(sf) ? findLongForm(sf.slice(0, -1), window) : null);
    if (!long || BREAK.test(long)) continue;
    // The long form as written (its line breaks and spacing): the same words at the end of the text before.
    let end = q;
    while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
    const start = startOfWords(text, end, long.split(' ').length);
    seen.add(sf.toLowerCase());
    out.push({ short: sf, long: text.slice(start, end).split(/\s+/).join(' '), start, end: q + m[0].length });
  }
  return out;
}

/** The offset where the last `n` white-space separated words ending at `end` start. */
function startOfWords(text: string, end: number, n: number): number {
  let i = end;
  for (let k = 0; k < n; k++) {
    while (i > 0 && !/\s/.test(text.charAt(i - 1))) i--;
    if (k < n - 1) while (i > 0 && /\s/.test(text.charAt(i - 1))) i--;
  }
  return i;
}

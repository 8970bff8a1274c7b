/**
 * Abbreviation ↔ long form, the way Schwartz & Hearst (PSB 2003) pair them: every letter of the short form
 * appears in the long form in order, the first one at the start of a word. Term resolution uses it to join
 * "ACE" with "angiotensin-converting enzyme" even when extraction kept them as two entities.
 */

const isAlnum = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** A single token of 2–10 characters with a capital or a digit after the first letter ("ACE", "mTOR", "IL6"). */
export function looksLikeAbbreviation(s: string): boolean {
  const t = s.trim();
  if (t.length < 2 || t.length > 10 || t.includes(' ')) return false;
  if (!/^\p{L}/u.test(t)) return false;
  let capitals = 0;
  for (const c of t) if (c !== c.toLowerCase() || /\d/.test(c)) capitals++;
  return capitals >= 2 || (capitals >= 1 && t.length <= 4 && t === t.toUpperCase());
}

/** Whether `long` can be spelled out by `short` (Schwartz–Hearst's right-to-left letter match). */
export function abbreviates(short: string, long: string): boolean {
  const s = short.toLowerCase();
  const l = long.toLowerCase();
  const words = l.split(/[\s-]+/).filter(Boolean);
  const letters = [...s].filter((c) => isAlnum(c)).length;
  if (words.length < 2 || l.length <= s.length || words.length > Math.min(letters + 5, letters * 2))
    return false;
  let si = s.length - 1;
  let li = l.length - 1;
  while (si >= 0) {
    const c = s.charAt(si);
    if (!isAlnum(c)) {
      si--;
      continue;
    }
    // The first letter of the short form must start a word of the long form.
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && isAlnum(l[li - 1])))) li--;
    if (li < 0) return false;
    li--;
    si--;
  }
  return true;
}

/** Whether `text` defines the pair: "long form (SF)" or "SF (long form)", case and spacing ignored. */
export function definesPair(text: string, short: string, long: string): boolean {
  const flat = text.toLowerCase().split(/\s+/).join(' ');
  const s = short.toLowerCase();
  const l = long.toLowerCase();
  return flat.includes(`${l} (${s}`) || flat.includes(`${s} (${l}`);
}

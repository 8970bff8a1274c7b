import { at } from '../../at';
/** Hyphen-like characters a line may end with. U+00AD (soft hyphen) is always a break hyphen. */
const LINE_END_HYPHEN = /([\p{L}\p{N}])[-\u2010\u2011\u00AD]$/u;

/** Compound words written with a hyphen somewhere in the document, e.g. "non-compliance", "IL-6". */
export function collectHyphenatedWords(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const t of texts) {
    for (const m of t.matchAll(/[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)+/gu)) {
      // A word at the very end of a line is a break, not evidence of a compound.
      if (m.index + m[0].length < t.length) words.add(m[0].toLowerCase().replace(/[\u2010\u2011]/g, '-'));
    }
  }
  return words;
}

/**
 * Joins two consecutive lines of one paragraph. A trailing hyphen between lower-case letters is a line-break
 * hyphen and is removed ("inflam-" + "mation"), unless the document writes that compound with a hyphen
 * elsewhere ("non-" + "compliance"). Hyphens next to capitals or digits belong to names and stay without a
 * space ("IL-" + "6", "anti-" + "TNF").
 */
export function joinLines(prev: string, next: string, compounds: ReadonlySet<string>): string {
  const a = prev.replace(/\s+$/, '');
  const b = next.replace(/^\s+/, '');
  if (!a) return b;
  if (!b) return a;
  const m = LINE_END_HYPHEN.exec(a);
  if (!m) return `${a} ${b}`;
  const soft = a.endsWith('\u00AD');
  const stem = a.slice(0, -1);
  if (soft) return stem + b;
  const before = at(m, 1);
  const after = at(b, 0);
  const lowerBoth = /\p{Ll}/u.test(before) && /\p{Ll}/u.test(after);
  if (!lowerBoth) return `${stem}-${b}`;
  const head = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u.exec(stem)?.[0] ?? '';
  const tail = /^[\p{L}\p{N}]+/u.exec(b)?.[0] ?? '';
  if (compounds.has(`${head}-${tail}`.toLowerCase())) return `${stem}-${b}`;
  return stem + b;
}

/**
 * Joins the lines of one paragraph (or one reference entry) as folding `joinLines` over them would (trailing
 * white space trimmed), in time linear in their total length: each line is joined to the last word written
 * so far, never to everything joined so far (a run-away reference entry took seconds when re-joined per line).
 */
export function joinAllLines(lines: readonly string[], compounds: ReadonlySet<string>): string {
  const done: string[] = [];
  /** The text after the last white space: all that `joinLines` looks at. */
  let word = '';
  for (const line of lines) {
    const b = line.trim();
    if (!b) continue;
    const joined = done.length || word ? joinLines(word, b, compounds) : b;
    let cut = joined.length;
    while (cut > 0 && !/\s/.test(at(joined, cut - 1))) cut--;
    done.push(joined.slice(0, cut));
    word = joined.slice(cut);
  }
  return done.join('') + word;
}

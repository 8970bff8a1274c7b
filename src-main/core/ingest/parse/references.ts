import { joinAllLines } from './hyphenation';
import type { Line } from './types';

const NUMBERED = /^\s*(?:\[(\d{1,3})\]|(\d{1,3})\.(?=\s|\p{Lu}|$)|(\d{1,3})\s(?=\p{Lu}))/u;
/** "Smith J, …", "Smith, J. …", "van der Berg A …", "O’Connell M …": an author-year entry's first author. */
const AUTHOR_START =
  /^(?:(?:van|von|de|der|den|da|di|del|la|le)\s+)*\p{Lu}[\p{L}'’-]+,?\s+(?:\p{Lu}\.|\p{Lu}{1,3}\b|\p{Lu}[\p{Ll}]+)/u;

function numberOf(text: string): number | null {
  const m = NUMBERED.exec(text);
  if (!m) return null;
  return Number(m[1] ?? m[2] ?? m[3]);
}

/**
 * Splits the lines of a reference list into entries. Numbered lists ("1.", "[1]") split where the next
 * number in sequence starts a line, so a wrapped "331:1601-6." never starts an entry. Author-year lists split
 * at a hanging indent, or, when there is none, where a line after a full stop opens with "Surname, X".
 */
export function splitReferences(lines: Line[], compounds: ReadonlySet<string>): string[] {
  const entries: string[] = [];
  const push = (parts: string[]) => {
    const t = joinAllLines(parts, compounds).replace(/\s+/g, ' ').trim();
    if (t) entries.push(t);
  };
  const numbered = lines.filter((l) => numberOf(l.text) !== null).length;
  let parts: string[] = [];
  if (numbered >= 2 && numbered >= lines.length * 0.15) {
    let expect: number | null = null;
    for (const l of lines) {
      const n = numberOf(l.text);
      const starts = n !== null && (expect === null || n === expect || (n > expect && n <= expect + 2));
      if (starts && parts.length) {
        push(parts);
        parts = [];
      }
      if (starts && n !== null) expect = n + 1;
      parts.push(l.text);
    }
    push(parts);
    return entries;
  }
  const indentOf = (l: Line) => l.x0 - (l.colX0 ?? l.x0);
  const hanging = lines.filter((l) => indentOf(l) > 0.8 * l.size).length;
  const useIndent = hanging >= lines.length * 0.2 && hanging < lines.length * 0.9;
  let prev: Line | null = null;
  for (const l of lines) {
    let starts: boolean;
    if (!prev) starts = true;
    else if (useIndent) starts = indentOf(l) <= 0.5 * l.size;
    else starts = /[.)]$/.test(prev.text) && AUTHOR_START.test(l.text);
    if (starts && parts.length) {
      push(parts);
      parts = [];
    }
    parts.push(l.text);
    prev = l;
  }
  push(parts);
  return entries;
}

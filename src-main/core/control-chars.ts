import { isControlChar } from '../contract/text-safety';

export { isControlChar };

/** `text` without control characters (see isControlChar). */
export function withoutControlChars(text: string): string {
  let out = '';
  for (const ch of text) if (!isControlChar(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}

/** Breaks a name or title may be wrapped at: they part words, so they become a space, not nothing. */
const BREAKS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);

/**
 * A name or title read from a document or a model (an entity's name, a document's title and authors) as it
 * is stored and shown: line breaks and separators become a space, other control characters and invisible
 * marks (bidi overrides, zero-width characters) go, and spaces fold to one. A bidi override in a title
 * reversed the rest of every line that showed it, and a zero-width space made "TP53" two entities. Applied
 * once, where such text enters the graph; the passages evidence quotes point into are never changed.
 */
export function plainName(text: string): string {
  let out = '';
  let space = false;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (BREAKS.has(c) || c === 0x20) space = out.length > 0;
    else if (!isControlChar(c)) {
      out += (space ? ' ' : '') + ch;
      space = false;
    }
  }
  return out;
}

/**
 * The name an uploaded file is stored under: its last path segment (`../../x.pdf` is `x.pdf`, either
 * separator), without control characters (a newline in a name forged lines in listings), at most 255
 * characters, never empty.
 */
export function uploadFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = withoutControlChars(last).trim().slice(-255);
  return clean && clean !== '.' && clean !== '..' ? clean : 'upload';
}

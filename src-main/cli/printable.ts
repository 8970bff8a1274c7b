import { isControlChar } from '../contract/text-safety';

/**
 * Text from documents, file names or the library made safe for a terminal: control characters (ESC, CR,
 * BEL, the C1 range, bidi controls and marks, zero-width characters, line separators: `isControlChar`)
 * become visible escapes, so a file named `x\r\x1b[2Kdone y.pdf` cannot rewrite the line it is printed on
 * or forge a `done …` line. One pass, no regular expression.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    // A character of the string always has a code point; 0 would print as an escape.
    const c = ch.codePointAt(0) ?? 0;
    out += isControlChar(c) ? `\\u{${c.toString(16)}}` : ch;
  }
  return out;
}

/** Multi-line text (an answer, a listing) made safe line by line: its line breaks stay, nothing else does. */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}

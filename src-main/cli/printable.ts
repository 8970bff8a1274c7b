/**
 * Text from documents, file names or the library made safe for a terminal: control characters (ESC, CR,
 * BEL, the C1 range, bidi overrides) become visible escapes, so a file named `x\r\x1b[2Kdone y.pdf`
 * cannot rewrite the line it is printed on or forge a `done …` line. One pass, no regular expression.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    // A character of the string always has a code point; 0 would print as an escape.
    const c = ch.codePointAt(0) ?? 0;
    const control =
      c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    out += control ? `\\u{${c.toString(16)}}` : ch;
  }
  return out;
}

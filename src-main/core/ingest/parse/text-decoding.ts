/**
 * A text file's bytes as a string. UTF-8 unless the bytes say otherwise: a byte-order mark (UTF-8, UTF-16
 * little- or big-endian), or, without one, the zero bytes UTF-16 puts beside every ASCII character (Windows
 * Notepad's "Unicode" files). Read as UTF-8, a UTF-16 file became a NUL between every letter and no word
 * was found. Invalid sequences become U+FFFD, never an error.
 */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder(textEncodingOf(bytes)).decode(bytes);
}

/** How many leading bytes the BOM-less UTF-16 guess looks at. */
const SNIFF_BYTES = 4096;

export function textEncodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const n = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (n < 4) return 'utf-8';
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  // UTF-8 text has no zero bytes at all; UTF-16 of Latin-script text has one in most pairs, on one side.
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return 'utf-8';
}

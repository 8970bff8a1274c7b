import { hasEofMarker, looksLikePdf, PARSE_MESSAGES } from './pdf';

const latin1 = new TextDecoder('latin1');
/** An encryption dictionary named in a trailer or a cross-reference stream: "/Encrypt 12 0 R", "/Encrypt <<". */
const ENCRYPT = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;
/** Trailers and cross-reference streams sit at the end; 64 KB holds them for any file seen so far. */
const TAIL_BYTES = 64 * 1024;

/**
 * Why a file named .pdf cannot be read as it is, told from its bytes in microseconds, at import: it is not a
 * PDF (an HTML error page saved as .pdf), it was cut short (no end-of-file marker), or it is encrypted and
 * needs its password. Such a file becomes a failed document at once, with its action, instead of waiting in
 * the queue for a parse that can only fail. Null when the file may be read.
 */
export function pdfRefusal(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || !looksLikePdf(bytes)) return PARSE_MESSAGES.corrupt;
  if (!hasEofMarker(bytes)) return PARSE_MESSAGES.truncated;
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)));
  return ENCRYPT.test(tail) ? PARSE_MESSAGES.encrypted : null;
}

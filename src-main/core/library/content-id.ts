import { createHash } from 'node:crypto';

/** A file's id in the library: the sha256 of its bytes, hex. It names the original and the Document. */
export function contentId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

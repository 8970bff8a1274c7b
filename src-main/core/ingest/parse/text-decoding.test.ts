import { describe, expect, it } from 'vitest';
import { decodeText, textEncodingOf } from './text-decoding';

const TEXT = 'Métformine lowers glucose — résumé of 2 trials.\nTP53 binds MDM2.';

/** `text` as UTF-16 with or without its byte-order mark. */
function utf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  if (endian === 'be') le.swap16();
  return new Uint8Array(le);
}

describe('text file decoding', () => {
  it('reads UTF-16 in either byte order, with or without a byte-order mark', () => {
    for (const endian of ['le', 'be'] as const)
      for (const bom of [true, false]) {
        const bytes = utf16(TEXT, endian, bom);
        expect(textEncodingOf(bytes)).toBe(`utf-16${endian}`);
        expect(decodeText(bytes)).toBe(TEXT);
      }
  });

  it('reads UTF-8 with or without its mark, and keeps bad bytes as replacement characters', () => {
    expect(decodeText(new TextEncoder().encode(TEXT))).toBe(TEXT);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(TEXT)]))).toBe(TEXT);
    expect(decodeText(new Uint8Array([0x61, 0xff, 0x62]))).toBe('a\uFFFDb');
    expect(textEncodingOf(new Uint8Array([0x61]))).toBe('utf-8');
  });
});

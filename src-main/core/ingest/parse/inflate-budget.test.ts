import { describe, expect, it } from 'vitest';
import { deflateBombPdf } from '../../../../test/fixtures/hostile-pdfs';
import { decodeStreamsCapped } from './inflate-budget';
import { parsePdf } from './pdf';

const MiB = 1024 * 1024;
// Small caps, so a bomb a few hundred MB large shows the budget at work without costing the test much.
const inflate = { perStream: 16 * MiB, perDocument: 48 * MiB };

describe('inflated bytes under a budget', () => {
  it('fails a nested FlateDecode bomb by name, inflating no more than its cap', async () => {
    const bomb = deflateBombPdf(256);
    expect(bomb.length).toBeLessThan(16 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    await expect(parsePdf(bomb, { inflate })).rejects.toThrow(
      /expands past 16 MB \(a decompression bomb\?\)/,
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(128 * MiB);
  });

  it('holds pdf.js’s own decoder to the same budget when zlib refuses the stream', async () => {
    // A spoiled checksum makes zlib throw, and pdf.js then inflates the stream itself.
    const bomb = deflateBombPdf(256, { badChecksum: true, nested: false });
    await expect(parsePdf(bomb, { inflate })).rejects.toThrow(/a decompression bomb\?/);
    expect(decodeStreamsCapped()).toBe(true);
  });

  it('reads a stream below the cap as before', async () => {
    // 4 MB of zeros is no text: the parse gets as far as "no text layer".
    await expect(parsePdf(deflateBombPdf(4), { inflate, ocr: 'off' })).rejects.toThrow(/no text layer/);
    await expect(parsePdf(deflateBombPdf(4, { badChecksum: true }), { inflate, ocr: 'off' })).rejects.toThrow(
      /no text layer/,
    );
  });
});

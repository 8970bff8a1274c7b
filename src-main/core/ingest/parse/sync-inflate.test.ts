import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InflateAtOnce } from './sync-inflate';

/** Drives a decompression stream the way pdf.js does (asyncGetBytesFromDecompressionStream). */
async function inflateLikePdfJs(make: (format: string) => unknown, format: string, bytes: Uint8Array) {
  let stream;
  try {
    stream = make(format);
  } catch {
    return null;
  }
  const { readable, writable } = stream as {
    readable: AsyncIterable<Uint8Array>;
    writable: {
      getWriter(): { ready: Promise<void>; write(b: Uint8Array): Promise<void>; close(): Promise<void> };
    };
  };
  const writer = writable.getWriter();
  await writer.ready;
  writer
    .write(bytes)
    .then(async () => {
      await writer.ready;
      await writer.close();
    })
    .catch(() => undefined);
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of readable) chunks.push(chunk);
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}

const web = (format: string) => new DecompressionStream(format as 'deflate');
const atOnce = (format: string) => new InflateAtOnce(format);

describe('InflateAtOnce', () => {
  const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Deep vein thrombosis prophylaxis) Tj ET\n'.repeat(400));
  const deflated = zlib.deflateSync(text);
  const cases: [string, string, Uint8Array][] = [
    ['a whole stream', 'deflate', deflated],
    ['a truncated stream', 'deflate', deflated.subarray(0, deflated.length >> 1)],
    ['a corrupt stream', 'deflate', Buffer.concat([deflated.subarray(0, 8), Buffer.alloc(64, 0xff)])],
    ['junk after the end', 'deflate', Buffer.concat([deflated, Buffer.from('endstream junk')])],
    ['an empty input', 'deflate', new Uint8Array(0)],
    ['brotli, which Node 20’s refuses', 'brotli', zlib.brotliCompressSync(text)],
  ];
  it.each(cases)('gives what Node’s DecompressionStream gives for %s', async (_name, format, bytes) => {
    const expected = await inflateLikePdfJs(web, format, bytes);
    const got = await inflateLikePdfJs(atOnce, format, bytes);
    expect(got === null).toBe(expected === null);
    if (expected) expect(Buffer.compare(got ?? Buffer.alloc(0), expected)).toBe(0);
  });

  it('inflates the whole stream', async () => {
    expect((await inflateLikePdfJs(atOnce, 'deflate', deflated))?.toString()).toBe(text.toString());
  });
});

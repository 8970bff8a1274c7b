import zlib from 'node:zlib';
import { chargeInflate, inflateAllowance, inflateRefused } from './inflate-budget';

type Inflate = (bytes: Buffer, opts: zlib.ZlibOptions) => Buffer;

/**
 * The formats Node 20's `DecompressionStream` knows, inflated by the same zlib, at once. Not brotli: Node's
 * refuses it, and pdf.js then decodes Brotli streams itself, so this one refuses it too.
 */
const INFLATE: Record<string, Inflate> = {
  deflate: zlib.inflateSync,
  'deflate-raw': zlib.inflateRawSync,
  gzip: zlib.gunzipSync,
};

/**
 * Inflates within the document's budget (`inflate-budget.ts`): zlib stops at `maxOutputLength`, so a bomb
 * costs at most the allowance, and the parse fails naming it. pdf.js then tries its own decoder, which the
 * same budget holds.
 */
function inflateWithin(inflate: Inflate, bytes: Buffer): Buffer {
  const allowance = inflateAllowance();
  if (allowance < 1) inflateRefused();
  let out: Buffer;
  try {
    out = inflate(bytes, { maxOutputLength: allowance });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') inflateRefused();
    throw e;
  }
  chargeInflate(out.length, out.length);
  return out;
}

/**
 * A `DecompressionStream` for pdf.js in Node: it inflates every Flate content stream and embedded font
 * through one when the global exists, and Node's goes through two web streams and zlib's asynchronous
 * Transform, several promise turns per chunk, for streams of a few kilobytes: about a tenth of a small
 * paper's parse. This one collects what pdf.js writes and, once it closes the writer, inflates it with a
 * synchronous call into the same zlib: the same bytes, and an error where Node's stream errors (corrupt or
 * truncated data), after which pdf.js falls back to its own decoder, as before.
 * pdf.js uses only `writable.getWriter()` (`ready`, `write`, `close`) and iterates `readable`.
 */
export class InflateAtOnce {
  readonly writable: { getWriter(): InflateWriter };
  readonly readable: AsyncIterable<Uint8Array>;

  constructor(format: string) {
    const inflate = INFLATE[format];
    if (!inflate) throw new TypeError(`Unsupported compression format: ${format}`);
    const chunks: Uint8Array[] = [];
    let closed: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (closed = resolve));
    const writer: InflateWriter = {
      ready: Promise.resolve(),
      write: (chunk) => {
        chunks.push(chunk);
        return Promise.resolve();
      },
      close: () => {
        closed();
        return Promise.resolve();
      },
    };
    this.writable = { getWriter: () => writer };
    this.readable = {
      async *[Symbol.asyncIterator]() {
        await done;
        yield inflateWithin(inflate, Buffer.concat(chunks));
      },
    };
  }
}

interface InflateWriter {
  ready: Promise<void>;
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Makes pdf.js in this thread inflate with `InflateAtOnce` (see there). */
export function useInflateAtOnce(): void {
  (globalThis as { DecompressionStream?: unknown }).DecompressionStream = InflateAtOnce;
}

import zlib from 'node:zlib';

/**
 * The formats Node 20's `DecompressionStream` knows, inflated by the same zlib, at once. Not brotli: Node's
 * refuses it, and pdf.js then decodes Brotli streams itself, so this one refuses it too.
 */
const INFLATE: Record<string, (bytes: Buffer) => Buffer> = {
  deflate: (b) => zlib.inflateSync(b),
  'deflate-raw': (b) => zlib.inflateRawSync(b),
  gzip: (b) => zlib.gunzipSync(b),
};

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
        yield inflate(Buffer.concat(chunks));
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

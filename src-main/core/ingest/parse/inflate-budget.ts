/**
 * How many bytes a PDF's compressed streams may expand to while it is parsed: one stream, and all of one
 * document's together. A 9 KB PDF whose content stream is `[/FlateDecode /FlateDecode]` over 3.5 GB of
 * zeros took the process to 11 GB of RSS: inflated bytes are ArrayBuffers, which live outside the parse
 * worker's V8 heap cap. Text extraction never decodes images, so what is inflated is content streams,
 * fonts, object streams and CMaps: a 600-page paper inflates some tens of MB in all.
 */
export interface InflateLimits {
  /** Bytes one decoded stream may reach. Default 128 MiB. */
  perStream: number;
  /** Bytes all decoded streams of one document may reach together. Default 1 GiB. */
  perDocument: number;
}

const MiB = 1024 * 1024;
export const DEFAULT_INFLATE_LIMITS: InflateLimits = { perStream: 128 * MiB, perDocument: 1024 * MiB };

/** Thrown into pdf.js when a stream would pass the budget; the parse then fails with `budgetMessage`. */
export class InflateBudgetExceeded extends Error {
  override name = 'InflateBudgetExceeded';
}

interface BudgetState {
  limits: InflateLimits;
  used: number;
  exceeded: string | null;
}

// One parse at a time runs in a parse worker: the budget is the thread's.
const state: BudgetState = { limits: DEFAULT_INFLATE_LIMITS, used: 0, exceeded: null };

const mb = (n: number) => `${Math.round(n / MiB)} MB`;

/** Starts a document's budget. */
export function startInflateBudget(limits: Partial<InflateLimits> = {}): void {
  state.limits = { ...DEFAULT_INFLATE_LIMITS, ...limits };
  state.used = 0;
  state.exceeded = null;
}

/** Why the document's budget ran out, or null while it holds. */
export function inflateBudgetExceeded(): string | null {
  return state.exceeded;
}

function exceed(reason: string): never {
  state.exceeded ??= reason;
  throw new InflateBudgetExceeded(state.exceeded);
}

/** Bytes one stream may still inflate to: the smaller of the stream's cap and what the document has left. */
export function inflateAllowance(): number {
  if (state.exceeded) exceed(state.exceeded);
  return Math.max(0, Math.min(state.limits.perStream, state.limits.perDocument - state.used));
}

/** Counts `bytes` more inflated bytes; throws when the stream or the document passes its cap. */
export function chargeInflate(bytes: number, streamTotal: number): void {
  if (state.exceeded) exceed(state.exceeded);
  if (streamTotal > state.limits.perStream)
    exceed(`a compressed stream expands past ${mb(state.limits.perStream)} (a decompression bomb?)`);
  state.used += bytes;
  if (state.used > state.limits.perDocument)
    exceed(`compressed streams expand past ${mb(state.limits.perDocument)} in all (a decompression bomb?)`);
}

/** Marks the budget spent (a synchronous inflate refused to go past its allowance). */
export function inflateRefused(): never {
  const { perStream, perDocument } = state.limits;
  const cap = perDocument - state.used < perStream ? `${mb(perDocument)} in all` : mb(perStream);
  exceed(`a compressed stream expands past ${cap} (a decompression bomb?)`);
}

interface GrowableStream {
  buffer: Uint8Array;
  minBufferLength: number;
}

/**
 * pdf.js decodes with its own decoders (Flate when zlib refused a stream, LZW, ASCII85, run-length, …) into a
 * buffer that doubles without a bound (`DecodeStream.ensureBuffer`), and does so synchronously for object
 * streams, cross-reference streams and functions. pdf.js exports no stream class, so the prototype is found
 * from the first decode stream constructed in this thread: its constructor assigns `_rawMinBufferLength`, and a
 * setter on Object.prototype sees that assignment once, swaps in `ensureBuffer` under the budget, and goes.
 * `decodeStreamsCapped()` says whether it happened (a pdf.js upgrade that renames the field fails the test).
 */
let capped = false;
export function capDecodeStreams(): void {
  if (capped || Object.prototype.hasOwnProperty.call(Object.prototype, '_rawMinBufferLength')) return;
  Object.defineProperty(Object.prototype, '_rawMinBufferLength', {
    configurable: true,
    set(this: object, value: unknown) {
      Object.defineProperty(this, '_rawMinBufferLength', {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      const proto = decodeStreamPrototype(this);
      if (!proto) return;
      delete (Object.prototype as { _rawMinBufferLength?: unknown })._rawMinBufferLength;
      patchEnsureBuffer(proto);
      capped = true;
    },
  });
}

/** The prototype whose `ensureBuffer` grows a buffer: the nearest one owning it with a body that allocates. */
function decodeStreamPrototype(instance: object): { ensureBuffer: (n: number) => Uint8Array } | null {
  for (let p = Object.getPrototypeOf(instance); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const own = Object.getOwnPropertyDescriptor(p, 'ensureBuffer')?.value as unknown;
    if (typeof own === 'function' && own.toString().includes('new Uint8Array'))
      return p as { ensureBuffer: (n: number) => Uint8Array };
  }
  return null;
}

function patchEnsureBuffer(proto: { ensureBuffer: (n: number) => Uint8Array }): void {
  proto.ensureBuffer = function ensureBuffer(this: GrowableStream, requested: number) {
    const buffer = this.buffer;
    if (requested <= buffer.byteLength) return buffer;
    let size = this.minBufferLength;
    while (size < requested) size *= 2;
    // A declared length (/DL) sets the first size: never past the stream's cap.
    size = Math.max(requested, Math.min(size, state.limits.perStream));
    chargeInflate(size - buffer.byteLength, requested);
    const grown = new Uint8Array(size);
    grown.set(buffer);
    return (this.buffer = grown);
  };
}

/** Whether pdf.js's decoders run under the budget in this thread. */
export function decodeStreamsCapped(): boolean {
  return capped;
}

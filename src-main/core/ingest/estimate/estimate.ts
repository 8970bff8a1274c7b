import { CHARS_PER_TOKEN } from '../chunk/split-blocks';
import { at } from '../../at';

/**
 * What one model did on real passage calls (or on the first-passage probe), kept per model in the library.
 * A passage call is one structured reading of one passage, so its wall time already holds prompt
 * evaluation, generation and Ollama's own queueing at the concurrency the library runs with.
 */
export interface ModelThroughput {
  model: string;
  /** Calls the means below are taken over (a probe counts as one). */
  calls: number;
  msPerCall: number;
  promptTokensPerCall: number;
  outputTokensPerCall: number;
  /** Output tokens over the wall time of the calls: what "tokens/s" means to a user watching a model. */
  outputTokensPerSecond: number;
  /** 'probe' until a real ingestion call has been measured. */
  source: 'calls' | 'probe';
  updatedAt: string;
}

/** One file of a batch, as the pre-count saw it. */
export interface DocumentSize {
  /** Characters of text it is expected to yield. */
  chars: number;
  pages: number;
}

export interface EstimateParams {
  documents: DocumentSize[];
  /** The passage size documents will be cut to (Settings "chunk size"). */
  blockTokens: number;
  /**
   * Characters a passage holds over its maximum (blockTokens × 4): passages end at paragraph and sentence
   * boundaries, so they are a little short of the limit. Measured on the library's documents when it has
   * some (see precount.ts), else DEFAULT_PASSAGE_FILL.
   */
  passageFill: number;
  /** Model calls in flight (Settings "parallel LLM calls" or `--concurrency`). */
  concurrency: number;
  /** Documents read at once by the scheduler. */
  documentsAtOnce: number;
  /** The chat model's measured throughput; null with the built-in engine. */
  throughput: ModelThroughput | null;
  /** Milliseconds per passage of the built-in engine, used when `throughput` is null. */
  builtinMsPerPassage?: number;
}

export interface BatchEstimate {
  documents: number;
  pages: number;
  chars: number;
  passages: number;
  /** Chat calls: one structured call per passage with a model, none with the built-in engine. */
  modelCalls: number;
  promptTokens: number;
  outputTokens: number;
  tokens: number;
  /** Wall time of the model work, critical path included (see `wallMs`). */
  wallMs: number;
}

/** Without a measurement of the library's own documents: 1000-token passages held ~880 tokens on the fixtures. */
export const DEFAULT_PASSAGE_FILL = 0.88;
/** The built-in engine's rules, per 1000-token passage, on one worker of a laptop core (roughly). */
export const BUILTIN_MS_PER_PASSAGE = 400;

/** Passages a document of `chars` characters is cut into (at least one for any text at all). */
export function passagesFor(chars: number, blockTokens: number, fill: number): number {
  if (chars <= 0) return 0;
  const perPassage = Math.max(1, blockTokens * CHARS_PER_TOKEN * fill);
  return Math.max(1, Math.ceil(chars / perPassage));
}

/**
 * The wall time of a batch's passage calls. Each document's passages form a chain (passage n+1's call
 * takes passage n's summary), so a document has at most one call in flight and cannot finish before its
 * chain; documents share `min(concurrency, documentsAtOnce)` lanes. Longest chains first onto the
 * least-loaded lane (what the scheduler's queue order approximates), and the busiest lane is the wall.
 */
export function chainWall(passagesPerDocument: number[], lanes: number, msPerCall: number): number {
  const load = new Array<number>(Math.max(1, lanes)).fill(0);
  for (const p of [...passagesPerDocument].sort((a, b) => b - a)) {
    let min = 0;
    for (const [i, l] of load.entries()) if (l < at(load, min)) min = i;
    load[min] = at(load, min) + p;
  }
  return Math.max(...load) * msPerCall;
}

/** Model calls, tokens and time for a batch, from its pre-count and the model's measured throughput. */
export function estimateBatch(p: EstimateParams): BatchEstimate {
  const perDoc = p.documents.map((d) => passagesFor(d.chars, p.blockTokens, p.passageFill));
  const passages = perDoc.reduce((a, b) => a + b, 0);
  const base = {
    documents: p.documents.length,
    pages: p.documents.reduce((a, d) => a + d.pages, 0),
    chars: p.documents.reduce((a, d) => a + d.chars, 0),
    passages,
  };
  const lanes = Math.min(p.concurrency, p.documentsAtOnce, Math.max(1, p.documents.length));
  const t = p.throughput;
  if (!t) {
    // The built-in engine runs its rules in the worker pool: no model calls, no tokens, CPU time only.
    const ms = p.builtinMsPerPassage ?? BUILTIN_MS_PER_PASSAGE;
    return {
      ...base,
      modelCalls: 0,
      promptTokens: 0,
      outputTokens: 0,
      tokens: 0,
      wallMs: chainWall(perDoc, lanes, ms),
    };
  }
  const promptTokens = Math.round(passages * t.promptTokensPerCall);
  const outputTokens = Math.round(passages * t.outputTokensPerCall);
  return {
    ...base,
    modelCalls: passages,
    promptTokens,
    outputTokens,
    tokens: promptTokens + outputTokens,
    wallMs: chainWall(perDoc, lanes, t.msPerCall),
  };
}

/** "~120k", "~4.2k", "~800". */
function about(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}k`;
  return String(Math.round(n));
}

/** "~14 min", "~40 s", "~2 h 10 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 90) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** "~38 model calls, ~120k tokens, ~14 min with llama3.1:8b" (or the built-in engine's time alone). */
export function describeEstimate(e: BatchEstimate, model: string | null): string {
  const docs = `${e.documents} document${e.documents === 1 ? '' : 's'}, ~${e.passages} passage${e.passages === 1 ? '' : 's'}`;
  if (!model) return `${docs}: ~${formatDuration(e.wallMs)} with the built-in engine`;
  return `${docs}: ~${e.modelCalls} model call${e.modelCalls === 1 ? '' : 's'}, ~${about(e.tokens)} tokens, ~${formatDuration(e.wallMs)} with ${model}`;
}

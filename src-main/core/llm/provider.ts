import type { z } from 'zod';
import type { ProviderName } from '../../contract';
import type { EndpointStatus, ModelInfo, PullProgress } from '../../contract/llm';
import type { Limiter } from './limiter';
import type { LlmMetrics } from './metrics';

/** Result of a provider health probe, shown by `ariadne doctor` and the status bar. */
export interface ProviderHealth {
  ok: boolean;
  detail: string;
  fix?: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Texts per embedding request a provider sends by default. */
export const EMBED_BATCH_SIZE = 32;

/**
 * Where a call waits for a model slot: lower goes first. Interactive calls (QA, settings) come before
 * ingestion; within ingestion the forward-summary chain — each passage's call needs the previous one's
 * summary, so it is every document's critical path — comes before the document-level embeddings that
 * resolution and commit wait for, and those before passage and question embeddings, which nothing waits on.
 */
export const CallPriority = { interactive: 0, chain: 1, document: 2, background: 3 } as const;

export interface CallOptions {
  signal?: AbortSignal;
  /** See CallPriority; default interactive. */
  priority?: number;
  /** Overrides the provider's default timeout for this call. */
  timeoutMs?: number;
}

export interface ChatRequest<S extends z.ZodType | undefined = undefined> extends CallOptions {
  messages: ChatMessage[];
  /** With a schema the reply is constrained (Ollama `format`), repaired, validated and returned typed. */
  schema?: S;
  /** Name of the task, for metrics and logs ("extract", "summarize", …). */
  op?: string;
  /** Defaults to 0 so extraction is reproducible. */
  temperature?: number;
  seed?: number;
  /** Cap on generated tokens; also reserved in the context window. */
  maxOutputTokens?: number;
  /** Thinking is off unless asked for: it costs tokens and breaks structured output on some models. */
  think?: boolean;
}

export interface Usage {
  promptTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export interface ChatResult<T> {
  value: T;
  /** The raw text the model produced (before repair). */
  raw: string;
  usage: Usage;
}

export type ChatValue<S> = S extends z.ZodType ? z.output<S> : string;

export interface PullOptions extends CallOptions {
  onProgress?: (p: PullProgress) => void;
}

/**
 * The LLM seam of the core. The model servers' providers (`ollama`, `openai`: `served-provider.ts` over a
 * `ModelServer`) and the built-in offline provider implement it; nothing above `tasks.ts` knows which one it has.
 */
export interface LlmProvider {
  readonly name: ProviderName;
  readonly chatModel: string | null;
  readonly embedModel: string | null;
  readonly metrics: LlmMetrics;
  /**
   * The one limiter every chat call of this provider waits in (ingestion, QA, settings probes alike); its
   * limit sizes the embedding model's own slots too. Absent for the built-in provider, whose rules run in
   * the worker pool.
   */
  readonly limiter?: Limiter;
  /** The servers calls are spread over; absent for the built-in provider. */
  readonly endpoints?: { describe(): EndpointStatus[] };
  health(): Promise<ProviderHealth>;
  chat<S extends z.ZodType | undefined = undefined>(req: ChatRequest<S>): Promise<ChatResult<ChatValue<S>>>;
  /** Token stream; aborting `signal` or leaving the loop early stops generation upstream. */
  stream(req: ChatRequest): AsyncIterable<string>;
  /** Embeds in batches; one vector per input, in order. */
  embed(texts: string[], opts?: CallOptions & { op?: string }): Promise<number[][]>;
  models(opts?: CallOptions): Promise<ModelInfo[]>;
  pull(model: string, opts?: PullOptions): Promise<void>;
}

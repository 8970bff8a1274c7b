import type { Clock, Logger } from '../../deps';
import type { LlmMetrics } from '../metrics';
import { createServedProvider, type ServedProvider } from '../served-provider';
import { createOpenAiServer } from './openai-server';

export interface OpenAiProviderOptions {
  /** e.g. http://127.0.0.1:1234/v1; an address without a path gets /v1. */
  baseUrl: string;
  /** More servers with the same models (a lab server beside the laptop); calls spread over all. */
  moreUrls?: string[];
  /** Sent as `Authorization: Bearer …` to every endpoint; never logged. */
  apiKey?: string | null;
  chatModel: string;
  embedModel: string;
  timeoutMs?: number;
  /** Calls in flight per server (llama-server's `--parallel`, vLLM's batch); the library's setting. */
  concurrency?: number | (() => number);
  embedBatchSize?: number;
  maxContext?: number;
  headers?: Record<string, string>;
  clock?: Clock;
  metrics?: LlmMetrics;
  log?: Logger;
}

/** The `openai` provider: any OpenAI-compatible server (LM Studio, llama.cpp, vLLM…), wrapped like every provider. */
export function createOpenAiProvider(opts: OpenAiProviderOptions): ServedProvider {
  const servers = [opts.baseUrl, ...(opts.moreUrls ?? [])].map((baseUrl) =>
    createOpenAiServer({ baseUrl, apiKey: opts.apiKey, headers: opts.headers }),
  );
  return createServedProvider({ ...opts, name: 'openai', servers });
}

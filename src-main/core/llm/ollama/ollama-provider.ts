import type { Clock, Logger } from '../../deps';
import type { LlmMetrics } from '../metrics';
import { createServedProvider, type ServedProvider } from '../served-provider';
import { createOllamaServer } from './ollama-server';

export interface OllamaProviderOptions {
  host: string;
  /** More Ollama servers with the same models (a lab server beside the laptop); calls spread over all. */
  moreHosts?: string[];
  chatModel: string;
  embedModel: string;
  /** Per call; for streams and pulls it is the idle time between two lines. */
  timeoutMs?: number;
  /** Calls in flight per server; createCore replaces it with the library's setting (or `--concurrency`). */
  concurrency?: number | (() => number);
  embedBatchSize?: number;
  /** Upper bound for num_ctx whatever the model supports: KV cache memory grows with it. */
  maxContext?: number;
  keepAlive?: string | number;
  headers?: Record<string, string>;
  clock?: Clock;
  metrics?: LlmMetrics;
  log?: Logger;
}

export type OllamaProvider = ServedProvider;

/** The `ollama` provider: Ollama's API on one or more hosts, wrapped like every provider. */
export function createOllamaProvider(opts: OllamaProviderOptions): OllamaProvider {
  const servers = [opts.host, ...(opts.moreHosts ?? [])].map((host) =>
    createOllamaServer({ host, keepAlive: opts.keepAlive, headers: opts.headers }),
  );
  return createServedProvider({ ...opts, name: 'ollama', servers });
}

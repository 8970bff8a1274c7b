import { createCore, type Core } from './create-core';
import type { Clock, Logger } from './deps';
import { createProvider } from './llm/create-provider';

export interface BootOptions {
  dataDir: string;
  llm: 'builtin' | 'ollama' | 'auto';
  ollamaUrl: string;
  chatModel?: string;
  embedModel?: string;
  /** Model calls in flight (`--concurrency`); default: the library's setting. */
  concurrency?: number;
  /** The graph backend of a new library (`--graph-backend`); an existing one keeps its own. */
  graphBackend?: string;
  host: 'electron' | 'serve' | 'test';
  version: string;
  log: Logger;
  clock?: Clock;
}

/**
 * What the desktop shell and the CLI both do to get a running core: pick the LLM provider (falling back
 * to the offline one when Ollama is absent, and saying so), then build the core around it.
 */
export async function bootCore(opts: BootOptions): Promise<{ core: Core; providerNote: string | null }> {
  const { provider, note } = await createProvider({
    kind: opts.llm,
    host: opts.ollamaUrl,
    chatModel: opts.chatModel,
    embedModel: opts.embedModel,
    log: opts.log,
  });
  const core = await createCore({
    dataDir: opts.dataDir,
    llm: provider,
    host: opts.host,
    version: opts.version,
    log: opts.log,
    clock: opts.clock,
    ollamaUrl: opts.ollamaUrl,
    ...(opts.graphBackend ? { graphBackend: opts.graphBackend } : {}),
    ...(opts.concurrency ? { ingest: { llmConcurrency: opts.concurrency } } : {}),
  });
  return { core, providerNote: note ?? null };
}

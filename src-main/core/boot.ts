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
  host: 'electron' | 'serve' | 'test';
  version: string;
  log: Logger;
  clock?: Clock;
  /** The queue starts paused: for commands that only read (see IngestOptions.startPaused). */
  readOnly?: boolean;
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
    ingest: {
      ...(opts.concurrency ? { llmConcurrency: opts.concurrency } : {}),
      ...(opts.readOnly ? { startPaused: true } : {}),
    },
  });
  return { core, providerNote: note ?? null };
}

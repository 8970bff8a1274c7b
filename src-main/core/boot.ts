import { createCore, type Core } from './create-core';
import type { Clock, Logger } from './deps';
import { createApiKeyStore } from './llm/api-key-store';
import { createProvider, type ProviderChoice } from './llm/create-provider';
import { decideLlm, readSavedLlmSettings, type LlmOverrides } from './boot-settings';

export interface BootOptions extends LlmOverrides {
  dataDir: string;
  /** Model calls in flight (`--concurrency`); default: the library's setting. */
  concurrency?: number;
  /** The graph backend of a new library (`--graph-backend`); an existing one keeps its own. */
  graphBackend?: string;
  host: 'electron' | 'serve' | 'test';
  version: string;
  log: Logger;
  clock?: Clock;
  /** Where the API key is kept (default: the user's config folder, see `llm/api-key-store.ts`). */
  configDir?: string;
  /** The queue starts paused: for commands that only read (see IngestOptions.startPaused). */
  readOnly?: boolean;
  /** Model calls are answered from the library's kept replies first (repair; IngestOptions). */
  replayKeptReplies?: boolean;
}

/**
 * What the desktop shell and the CLI both do to get a running core: decide the provider (flags and
 * environment over the library's saved settings), build it (falling back to the offline one when its server
 * is absent, and saying so), then build the core around it.
 */
export async function bootCore(opts: BootOptions): Promise<{ core: Core; providerNote: string | null }> {
  const keys = createApiKeyStore(opts.configDir);
  const decision = decideLlm(readSavedLlmSettings(opts.dataDir), opts, keys.get());
  const build = (kind = decision.kind) =>
    createProvider({
      kind,
      host: decision.host,
      baseUrl: decision.baseUrl,
      apiKey: decision.apiKey,
      extraEndpoints: decision.extraEndpoints,
      chatModel: decision.chatModel,
      embedModel: decision.embedModel,
      log: opts.log,
    });
  let choice: ProviderChoice;
  try {
    choice = await build();
  } catch (e) {
    // Saved in Settings (not asked for at start): the window opens on the built-in engine and says why.
    if (decision.strict) throw e;
    const why = e instanceof Error ? e.message : String(e);
    const fallback = await build('builtin');
    choice = {
      ...fallback,
      reason: `${why.replace(/\.$/, '')} (${decision.kind} ${decision.reason})`,
      note: `Using the built-in offline provider: ${why.replace(/\.$/, '')}.`,
    };
  }
  opts.log.log('info', 'llm provider chosen', {
    provider: choice.provider.name,
    asked: decision.kind,
    because: decision.reason,
  });
  const core = await createCore({
    dataDir: opts.dataDir,
    llm: choice.provider,
    host: opts.host,
    version: opts.version,
    log: opts.log,
    clock: opts.clock,
    ollamaUrl: decision.host,
    openaiBaseUrl: decision.baseUrl,
    apiKeys: keys,
    llmAsked: {
      provider: decision.kind,
      host: decision.host,
      baseUrl: decision.baseUrl,
      extraEndpoints: decision.extraEndpoints,
      chatModel: decision.chatModel,
      embedModel: decision.embedModel,
    },
    // The status bar's "why": how the provider was asked for, or why the built-in engine stands in.
    providerReason:
      choice.provider.name === 'builtin' && decision.kind !== 'builtin'
        ? choice.reason.includes(decision.reason)
          ? choice.reason
          : `${choice.reason.replace(/\.$/, '')} (${decision.kind === 'auto' ? 'automatic' : decision.kind}, ${decision.reason})`
        : decision.reason,
    ...(opts.graphBackend ? { graphBackend: opts.graphBackend } : {}),
    ingest: {
      ...(opts.concurrency ? { llmConcurrency: opts.concurrency } : {}),
      ...(opts.readOnly ? { startPaused: true } : {}),
      ...(opts.replayKeptReplies ? { replayKeptReplies: true } : {}),
    },
  });
  return { core, providerNote: choice.note ?? null };
}

import { AriadneError } from '../../contract';
import { DEFAULT_OLLAMA_HOST, DEFAULT_OPENAI_BASE_URL, type ProviderKind } from '../../contract/llm';
import type { Clock, Logger } from '../deps';
import { systemClock } from '../deps';
import { createBuiltinProvider } from './builtin/builtin-provider';
import { testConnection } from './connection';
import type { LlmMetrics } from './metrics';
import { createOllamaServer } from './ollama/ollama-server';
import { createOpenAiServer } from './openai/openai-server';
import type { LlmProvider } from './provider';
import { recommendModels } from './recommend';
import { createServedProvider } from './served-provider';
import type { ModelServer } from './server';
import { at } from '../at';

export interface CreateProviderOptions {
  kind: ProviderKind;
  /** Ollama's address. */
  host?: string;
  /** The OpenAI-compatible server's base URL. */
  baseUrl?: string;
  /** The OpenAI-compatible server's key; never logged. */
  apiKey?: string | null;
  /** More servers of the same provider with the same models. */
  extraEndpoints?: string[];
  /** null/undefined: use the recommended installed model. */
  chatModel?: string | null;
  embedModel?: string | null;
  timeoutMs?: number;
  concurrency?: number | (() => number);
  /**
   * How long the first request to the server may take: `auto` settles for the built-in provider after it
   * (default 1.5 s), a provider asked for by name fails with what to do (default 10 s).
   */
  probeTimeoutMs?: number;
  headers?: Record<string, string>;
  clock?: Clock;
  log?: Logger;
  metrics?: LlmMetrics;
}

export interface ProviderChoice {
  provider: LlmProvider;
  /** Why this provider was chosen, e.g. "Ollama is not running at http://127.0.0.1:11434". */
  reason: string;
  /** Set only when `auto` fell back to the built-in provider: the line to show the user. */
  note: string | null;
}

/** Suggested when nothing suitable is installed; small enough for a laptop, good at JSON schemas. */
export const SUGGESTED_CHAT_MODEL = 'qwen2.5:7b';
export const SUGGESTED_EMBED_MODEL = 'nomic-embed-text';

/**
 * Builds the provider for the CLI and the app. `auto` probes Ollama with a short timeout and falls back to
 * the built-in provider when it is unreachable or lacks models, so a fresh install still ingests. `ollama`
 * and `openai` are asked for by name: when their server does not answer, that is an error that says what to do.
 */
export async function createProvider(opts: CreateProviderOptions): Promise<ProviderChoice> {
  const clock = opts.clock ?? systemClock;
  const builtin = (reason: string, fallback = true): ProviderChoice => ({
    provider: createBuiltinProvider({ clock, metrics: opts.metrics, reason: fallback ? reason : undefined }),
    reason,
    note: fallback ? `Using the built-in offline provider: ${reason.replace(/\.$/, '')}.` : null,
  });
  if (opts.kind === 'builtin') return builtin('the built-in provider was selected', false);

  const name = opts.kind === 'openai' ? 'openai' : 'ollama';
  const primary =
    name === 'openai' ? (opts.baseUrl ?? DEFAULT_OPENAI_BASE_URL) : (opts.host ?? DEFAULT_OLLAMA_HOST);
  const servers: ModelServer[] = [primary, ...(opts.extraEndpoints ?? [])].map((url) =>
    name === 'openai'
      ? createOpenAiServer({ baseUrl: url, apiKey: opts.apiKey, headers: opts.headers })
      : createOllamaServer({ host: url, headers: opts.headers }),
  );
  const first = at(servers, 0);
  const make = (chatModel: string, embedModel: string) =>
    createServedProvider({
      name,
      servers,
      chatModel,
      embedModel,
      timeoutMs: opts.timeoutMs,
      concurrency: opts.concurrency,
      clock,
      log: opts.log,
      metrics: opts.metrics,
    });
  const where = servers.length > 1 ? `${first.url} and ${servers.length - 1} more` : first.url;
  const label = name === 'openai' ? 'the model server' : 'Ollama';

  if (opts.kind !== 'auto' && opts.chatModel && opts.embedModel) {
    return {
      provider: make(opts.chatModel, opts.embedModel),
      reason: `${label} at ${where} was selected`,
      note: null,
    };
  }
  // Asked for by name, a server gets longer: on a busy laptop (or a cold start) Ollama's first reply took over
  // 2 s in the end-to-end suite under CPU load, and failing then would stop the app for nothing.
  const timeoutMs = opts.probeTimeoutMs ?? (opts.kind === 'auto' ? 1500 : 10_000);
  let probe = await testConnection(first, { timeoutMs, clock });
  // The primary is down but another endpoint may answer: the provider spreads calls over whichever do.
  let answering = first;
  for (const other of servers.slice(1)) {
    if (probe.ok) break;
    const p = await testConnection(other, { timeoutMs, clock });
    if (p.ok) [probe, answering] = [p, other];
  }
  if (!probe.ok) {
    if (opts.kind === 'auto') return builtin(probe.detail);
    throw new AriadneError(
      probe.detail.includes('refused the API key') ? 'server_refused' : 'server_unreachable',
      probe.detail,
      { retryable: true, action: first.startAction },
    );
  }
  const g = new AbortController();
  const timer = clock.setTimeout(() => g.abort(), Math.max(timeoutMs, 5000));
  const models = await answering
    .models({ signal: g.signal, touch: () => undefined })
    .finally(() => timer.cancel());
  const recommended = recommendModels(models);
  const chat = opts.chatModel ?? recommended.chat;
  const embed = opts.embedModel ?? recommended.embed;
  if (!chat || !embed) {
    const model = chat ? SUGGESTED_EMBED_MODEL : SUGGESTED_CHAT_MODEL;
    const what = chat ? 'embedding' : 'chat';
    const why =
      name === 'ollama'
        ? `Ollama ${probe.version} at ${first.url} has no ${what} model installed`
        : `The model server at ${first.url} serves no ${what} model`;
    if (opts.kind === 'auto') return builtin(`${why}; pull ${model} to use it`);
    throw new AriadneError('model_missing', `${why}.`, { action: { kind: 'pull-model', model } });
  }
  opts.log?.log('info', 'llm provider', { provider: name, host: where, chat, embed });
  return { provider: make(chat, embed), reason: `${probe.detail}; using ${chat} and ${embed}`, note: null };
}

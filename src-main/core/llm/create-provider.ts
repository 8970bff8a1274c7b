import { AriadneError } from '../../contract';
import { DEFAULT_OLLAMA_HOST, type ProviderKind } from '../../contract/llm';
import type { Clock, Logger } from '../deps';
import { systemClock } from '../deps';
import { createBuiltinProvider } from './builtin/builtin-provider';
import type { LlmMetrics } from './metrics';
import { testOllamaConnection } from './ollama/connection';
import { createOllamaProvider } from './ollama/ollama-provider';
import { recommendModels } from './ollama/models';
import type { LlmProvider } from './provider';

export interface CreateProviderOptions {
  kind: ProviderKind;
  host?: string;
  /** null/undefined: use the recommended installed model. */
  chatModel?: string | null;
  embedModel?: string | null;
  timeoutMs?: number;
  concurrency?: number | (() => number);
  /**
   * How long the first request to Ollama may take: `auto` settles for the built-in provider after it
   * (default 1.5 s), an explicit `ollama` fails with what to do (default 10 s).
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
 * the built-in provider when it is unreachable or lacks models, so a fresh install still ingests.
 */
export async function createProvider(opts: CreateProviderOptions): Promise<ProviderChoice> {
  const host = opts.host ?? DEFAULT_OLLAMA_HOST;
  const clock = opts.clock ?? systemClock;
  const builtin = (reason: string, fallback = true): ProviderChoice => ({
    provider: createBuiltinProvider({ clock, metrics: opts.metrics, reason: fallback ? reason : undefined }),
    reason,
    note: fallback ? `Using the built-in offline provider: ${reason.replace(/\.$/, '')}.` : null,
  });
  if (opts.kind === 'builtin') return builtin('the built-in provider was selected', false);

  if (opts.kind === 'ollama' && opts.chatModel && opts.embedModel) {
    return {
      provider: ollama(opts.chatModel, opts.embedModel),
      reason: `Ollama at ${host} was selected`,
      note: null,
    };
  }
  const probe = await testOllamaConnection(host, {
    // Asked for by name, Ollama gets longer: on a busy laptop (or a cold start) its first reply took over 2 s
    // in the end-to-end suite under CPU load, and failing then would stop the app for nothing.
    timeoutMs: opts.probeTimeoutMs ?? (opts.kind === 'auto' ? 1500 : 10_000),
    clock,
    headers: opts.headers,
  });
  if (!probe.ok) {
    if (opts.kind === 'auto') return builtin(probe.detail);
    throw new AriadneError('ollama_unreachable', probe.detail, {
      retryable: true,
      action: { kind: 'start-ollama', host },
    });
  }
  const probeProvider = ollama('probe', 'probe');
  const recommended = recommendModels(await probeProvider.models());
  const chat = opts.chatModel ?? recommended.chat;
  const embed = opts.embedModel ?? recommended.embed;
  if (!chat || !embed) {
    const model = chat ? SUGGESTED_EMBED_MODEL : SUGGESTED_CHAT_MODEL;
    const why = `Ollama ${probe.version} at ${host} has no ${chat ? 'embedding' : 'chat'} model installed`;
    if (opts.kind === 'auto') return builtin(`${why}; pull ${model} to use it`);
    throw new AriadneError('model_missing', `${why}.`, { action: { kind: 'pull-model', model } });
  }
  opts.log?.log('info', 'llm provider', { provider: 'ollama', host, chat, embed });
  return { provider: ollama(chat, embed), reason: `${probe.detail}; using ${chat} and ${embed}`, note: null };

  function ollama(chatModel: string, embedModel: string) {
    return createOllamaProvider({
      host,
      chatModel,
      embedModel,
      timeoutMs: opts.timeoutMs,
      concurrency: opts.concurrency,
      headers: opts.headers,
      clock,
      log: opts.log,
      metrics: opts.metrics,
    });
  }
}

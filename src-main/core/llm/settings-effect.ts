import type { LlmSettings, SettingsEffect } from '../../contract/llm';
import { testConnection } from './connection';
import { createOllamaServer } from './ollama/ollama-server';
import { createOpenAiServer } from './openai/openai-server';
import type { LlmProvider } from './provider';
import { sameModel } from './recommend';

/** The settings that choose the provider: a change of any of them takes a new start to apply. */
export const PROVIDER_KEYS = [
  'provider',
  'host',
  'baseUrl',
  'extraEndpoints',
  'chatModel',
  'embedModel',
] as const;

const label = (p: string) =>
  p === 'builtin' ? 'the built-in engine' : p === 'openai' ? 'the OpenAI-compatible server' : 'Ollama';

/**
 * What a saved change of the provider settings does, said plainly: the provider in use changes at the next
 * start (the core is built around it), so the message says whether that start will find the chosen server
 * answering, and what runs until then. Nothing claims success the server has not shown.
 */
export async function llmSettingsEffect(
  next: LlmSettings,
  running: LlmProvider,
  opts: { apiKey: string | null; runningHost: string | null; timeoutMs?: number; signal?: AbortSignal },
): Promise<SettingsEffect> {
  const now = label(running.name);
  if (next.provider === 'builtin') {
    return running.name === 'builtin'
      ? { applied: 'now', ok: true, message: 'Saved. The built-in engine is in use.' }
      : {
          applied: 'next-start',
          ok: true,
          message: `Saved. Ariadne switches to the built-in engine at its next start; until then it uses ${now}.`,
        };
  }
  const openai = next.provider === 'openai';
  const server = openai
    ? createOpenAiServer({ baseUrl: next.baseUrl, apiKey: opts.apiKey })
    : createOllamaServer({ host: next.host });
  const test = await testConnection(server, { timeoutMs: opts.timeoutMs ?? 3000, signal: opts.signal });
  const until = `Until it answers, Ariadne uses ${now}.`;
  if (!test.ok) {
    return {
      applied: 'next-start',
      ok: false,
      message:
        next.provider === 'auto'
          ? `Saved, but ${test.detail.replace(/\.$/, '')}: Ariadne goes on with the built-in engine. ${test.fix ?? ''} Then restart Ariadne to use a model.`.replace(
              /\s+/g,
              ' ',
            )
          : `Saved, but ${test.detail.replace(/\.$/, '')}. ${test.fix ?? ''} ${until}`.replace(/\s+/g, ' '),
    };
  }
  const g = new AbortController();
  const models = await server.models({ signal: g.signal, touch: () => undefined }).catch(() => []);
  const missing = [next.chatModel, next.embedModel].filter(
    (m): m is string => !!m && !models.some((i) => sameModel(i.name, m)),
  );
  if (missing.length) {
    return {
      applied: 'next-start',
      ok: false,
      message: `Saved, but ${server.url} has no ${missing.join(' or ')}: ${
        openai ? 'load it in the server' : `pull it (below, or \`ollama pull ${missing[0]}\`)`
      }. ${until}`,
    };
  }
  const inUse =
    running.name === (openai ? 'openai' : 'ollama') &&
    opts.runningHost === server.url &&
    (!next.chatModel || (running.chatModel !== null && sameModel(running.chatModel, next.chatModel))) &&
    (!next.embedModel || (running.embedModel !== null && sameModel(running.embedModel, next.embedModel)));
  if (inUse) return { applied: 'now', ok: true, message: `Saved. ${test.detail}: already in use.` };
  return {
    applied: 'next-start',
    ok: true,
    message: `Saved. ${test.detail.replace(/^./, (c) => c.toUpperCase())}: Ariadne uses it from its next start (restart the app or \`ariadne serve\`). Until then it uses ${now}.`,
  };
}

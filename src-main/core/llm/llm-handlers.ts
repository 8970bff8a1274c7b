import os from 'node:os';
import type { ApiHandlers } from '../../contract';
import { modelGuide } from './model-guide';
import { testConnection } from './connection';
import { createOllamaServer } from './ollama/ollama-server';
import { createOpenAiServer } from './openai/openai-server';
import type { LlmProvider } from './provider';
import { recommendModels } from './recommend';

type LlmHandlers = Pick<
  ApiHandlers,
  | 'llm:models'
  | 'llm:pull'
  | 'llm:test-connection'
  | 'llm:stats'
  | 'llm:api-key'
  | 'llm:endpoints'
  | 'llm:guide'
>;

export interface LlmHandlerDeps {
  provider: LlmProvider;
  /** The addresses saved in Settings (or given on the command line), for the connection test. */
  ollamaHost: () => string;
  openaiBaseUrl: () => string;
  /** The stored API key of the OpenAI-compatible server, and where it is changed. */
  apiKey: () => string | null;
  setApiKey: (key: string | null) => Promise<void>;
}

/** Model management for Settings: what is installed, pulling with progress, a connection test, the API key. */
export function createLlmHandlers(deps: LlmHandlerDeps): LlmHandlers {
  const { provider } = deps;
  return {
    async 'llm:models'() {
      const models = await provider.models();
      return { provider: provider.name, models, recommended: recommendModels(models) };
    },
    async 'llm:pull'({ model }, ctx) {
      await provider.pull(model, { signal: ctx.signal, onProgress: (p) => ctx.emit(p) });
      return { model, status: 'success' as const };
    },
    async 'llm:test-connection'({ provider: kind, host, apiKey }, ctx) {
      const server =
        (kind ?? (provider.name === 'openai' ? 'openai' : 'ollama')) === 'openai'
          ? createOpenAiServer({ baseUrl: host ?? deps.openaiBaseUrl(), apiKey: apiKey ?? deps.apiKey() })
          : createOllamaServer({ host: host ?? deps.ollamaHost() });
      return testConnection(server, { signal: ctx.signal, timeoutMs: 5000 });
    },
    async 'llm:stats'() {
      return provider.metrics.snapshot();
    },
    async 'llm:api-key'({ apiKey }) {
      await deps.setApiKey(apiKey && apiKey.trim() ? apiKey.trim() : null);
      return { stored: deps.apiKey() !== null };
    },
    async 'llm:guide'() {
      return modelGuide(os.totalmem());
    },
    async 'llm:endpoints'() {
      return provider.endpoints?.describe() ?? [];
    },
  };
}

import type { ApiHandlers } from '../../contract';
import { testOllamaConnection } from './ollama/connection';
import { recommendModels } from './ollama/models';
import type { LlmProvider } from './provider';

type LlmHandlers = Pick<ApiHandlers, 'llm:models' | 'llm:pull' | 'llm:test-connection' | 'llm:stats'>;

/** Model management for Settings: what is installed, pulling with progress, and a connection test. */
export function createLlmHandlers(deps: { provider: LlmProvider; ollamaHost: () => string }): LlmHandlers {
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
    async 'llm:test-connection'({ host }, ctx) {
      return testOllamaConnection(host ?? deps.ollamaHost(), { signal: ctx.signal });
    },
    async 'llm:stats'() {
      return provider.metrics.snapshot();
    },
  };
}

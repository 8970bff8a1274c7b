import os from 'node:os';
import type { ApiHandlers, AppHealth } from '../contract';
import { systemClock, createStderrLogger, type Clock, type Logger } from './deps';
import { EventBus } from './event-bus';
import type { LlmProvider } from './llm/provider';
import { createAppHandlers } from './app/app-handlers';
import { createLlmHandlers } from './llm/llm-handlers';
import { DEFAULT_OLLAMA_HOST } from '../contract/llm';

export interface CoreDeps {
  /** The library folder; created if missing. Never derived inside the core (no app.getPath here). */
  dataDir: string;
  llm: LlmProvider;
  clock?: Clock;
  log?: Logger;
  host: 'electron' | 'serve' | 'test';
  version: string;
  /** The Ollama URL the user configured, for the Settings connection test. */
  ollamaUrl?: string;
}

export interface Core {
  readonly handlers: ApiHandlers;
  readonly events: EventBus;
  readonly deps: Required<CoreDeps>;
  health(): Promise<AppHealth>;
  close(): Promise<void>;
}

/** Builds the headless domain from injected dependencies. No singletons: two cores can live side by side in tests. */
export async function createCore(input: CoreDeps): Promise<Core> {
  const deps: Required<CoreDeps> = {
    ...input,
    ollamaUrl: input.ollamaUrl ?? DEFAULT_OLLAMA_HOST,
    clock: input.clock ?? systemClock,
    log: input.log ?? createStderrLogger(process.env.ARIADNE_LOG_LEVEL === 'debug' ? 'debug' : 'info'),
  };
  const events = new EventBus();
  const startedAt = deps.clock.now();
  const app = createAppHandlers({ deps, startedAt, platform: `${os.platform()} ${os.arch()}` });

  const llm = createLlmHandlers({ provider: deps.llm, ollamaHost: () => deps.ollamaUrl });

  const handlers = {
    ...app,
    ...llm,
  } satisfies ApiHandlers;

  return {
    handlers,
    events,
    deps,
    health: () => app['app:health'](),
    async close() {
      // Domains register their own teardown here as they are added (store, queue, workers).
    },
  };
}

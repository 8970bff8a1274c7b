import os from 'node:os';
import type { ApiHandlers, AppHealth } from '../contract';
import { systemClock, createStderrLogger, type Clock, type Logger } from './deps';
import { EventBus } from './event-bus';
import type { LlmProvider } from './llm/provider';
import { createAppHandlers } from './app/app-handlers';
import { createLlmHandlers } from './llm/llm-handlers';
import { createSettingsHandlers } from './app/settings-handlers';
import { DEFAULT_OLLAMA_HOST, DEFAULT_OPENAI_BASE_URL, type LlmSettings } from '../contract/llm';
import { createApiKeyStore, type ApiKeyStore } from './llm/api-key-store';
import { llmSettingsEffect, PROVIDER_KEYS } from './llm/settings-effect';
import { openLibrary, type Library } from './library';
import { createTasks } from './llm/tasks';
import { INGEST_TASK_ATTEMPTS } from './llm/retry';
import {
  startIngest,
  type IngestOptions,
  type IngestService,
  type WorkerPaths,
} from './ingest/ingest-service';
import { createIngestHandlers } from './ingest/ingest-handlers';
import { defaultWorkerPaths } from './ingest/worker-paths';
import { createExportHandlers } from './export/export-handlers';
import { createSnapshotHandlers } from './library/snapshot-handlers';
import { createEntityHandlers } from './entities';
import { createCitationHandlers, createCitationService } from './citations';
import { createLayoutHandlers } from './app/layout-handlers';
import { openLayoutFiles } from './library/layout-files';
import {
  createGraphHandlers,
  createQaHandlers,
  createRetrievalService,
  type RetrievalService,
} from './retrieval';

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
  /** The OpenAI-compatible server's base URL, likewise. */
  openaiBaseUrl?: string;
  /** Where the OpenAI-compatible server's API key is kept (outside the library folder). */
  apiKeys?: ApiKeyStore;
  /** Why this provider runs, for the status bar and `doctor` ("saved in Settings"). */
  providerReason?: string;
  /**
   * The model settings as asked for at start (provider `auto`, models null = recommended), which Settings
   * shows where the library has saved none; default: the running provider's.
   */
  llmAsked?: Partial<LlmSettings>;
  /** Worker entry points; default: next to the bundle, or the src-worker .ts files from source. */
  workers?: WorkerPaths;
  /** Queue, scheduler and pipeline tuning (pool size, retries, LLM concurrency). */
  ingest?: IngestOptions;
  /**
   * The graph backend of a new library (store/backends.ts: `kuzu`, `memory`); an existing library keeps the
   * one it records in its settings, and asking it for another is refused. Default Kùzu. `core.deps` holds the
   * one the library opened with.
   */
  graphBackend?: string;
}

export interface Core {
  readonly handlers: ApiHandlers;
  readonly events: EventBus;
  readonly deps: Required<CoreDeps>;
  /** Import, queue and progress operations (the library:* and queue:* methods go through these). */
  readonly ingest: IngestService;
  /**
   * The library's opened stores (graph, vectors, originals, settings) under `deps.dataDir`. Handlers and
   * the CLI go through the services; tests and benchmarks read the stores directly to check what was written.
   */
  readonly stores: Library;
  /** Graph search, QA, communities; REST façade and benchmarks reach its metrics and caches here. */
  readonly retrieval: RetrievalService;
  health(): Promise<AppHealth>;
  /**
   * Opens, in the background, what a library defers to its first use (the vector index, reconciled with
   * the graph), so a host that stays up (serve, the desktop app) answers its first search without that
   * wait. Called once the host is ready; one-shot commands never call it. Failures are logged: the next
   * use of the vectors tries again and reports them.
   */
  warmUp(): void;
  close(): Promise<void>;
}

/** Builds the headless domain from injected dependencies. No singletons: two cores can live side by side in tests. */
export async function createCore(input: CoreDeps): Promise<Core> {
  const deps: Required<CoreDeps> = {
    ...input,
    ollamaUrl: input.ollamaUrl ?? DEFAULT_OLLAMA_HOST,
    openaiBaseUrl: input.openaiBaseUrl ?? DEFAULT_OPENAI_BASE_URL,
    apiKeys: input.apiKeys ?? createApiKeyStore(),
    providerReason: input.providerReason ?? 'chosen by the host',
    llmAsked: input.llmAsked ?? {},
    workers: input.workers ?? defaultWorkerPaths(),
    ingest: input.ingest ?? {},
    // What the library was opened with, once it is (below).
    graphBackend: input.graphBackend ?? '',
    clock: input.clock ?? systemClock,
    log: input.log ?? createStderrLogger(process.env.ARIADNE_LOG_LEVEL === 'debug' ? 'debug' : 'info'),
  };
  const events = new EventBus();
  const startedAt = deps.clock.now();
  const app = createAppHandlers({ deps, startedAt, platform: `${os.platform()} ${os.arch()}` });

  const llm = createLlmHandlers({
    provider: deps.llm,
    ollamaHost: () => deps.ollamaUrl,
    openaiBaseUrl: () => deps.openaiBaseUrl,
    apiKey: () => deps.apiKeys.get(),
    setApiKey: (key) => deps.apiKeys.set(key),
  });

  const library = await openLibrary({
    dataDir: deps.dataDir,
    clock: deps.clock,
    log: deps.log,
    ...(input.graphBackend ? { graphBackend: input.graphBackend } : {}),
  });
  deps.graphBackend = library.graphBackend;
  let ingest: IngestService;
  try {
    const tasks = createTasks(deps.llm, {
      // Ingestion's model calls retry at the step, not here (llm/retry.ts).
      attempts: deps.ingest.taskAttempts ?? INGEST_TASK_ATTEMPTS,
      clock: deps.clock,
      log: deps.log,
    });
    ingest = await startIngest({
      library,
      tasks,
      events,
      clock: deps.clock,
      log: deps.log,
      workerPaths: deps.workers,
      options: deps.ingest,
      calls: deps.llm.metrics,
    });
  } catch (e) {
    await library.close();
    throw e;
  }
  // One limiter for every model call (ingestion and QA), sized by the setting or `--concurrency`.
  deps.llm.limiter?.setLimit(ingest.llmConcurrency);
  const libraryHandlers = createIngestHandlers(ingest);

  const retrieval = createRetrievalService({
    library: async () => library,
    tasks: createTasks(deps.llm, { clock: deps.clock, log: deps.log }),
    clock: deps.clock,
    log: deps.log,
    ingestBusy: () => ingest.busy(),
    entitiesEdited: (ids) => ingest.syncEntities(ids),
    communitiesChanged: (e) => events.emit('graph:communities-changed', e),
  });
  // Ingestion and deletes announce changes: drop caches and refresh communities in the background.
  // References are matched to documents again whenever a document comes, goes or is read again.
  const citations = createCitationService(library, deps.log);
  events.subscribe((name) => {
    if (name === 'library:changed') {
      retrieval.changed();
      citations.changed();
    }
  });

  const graphHandlers = createGraphHandlers(retrieval);
  const entityHandlers = createEntityHandlers({
    stores: () => retrieval.stores(),
    edited: (ids) => retrieval.entitiesEdited(ids),
  });
  const handlers = {
    ...app,
    ...llm,
    ...libraryHandlers,
    ...createSettingsHandlers(
      library.settings,
      {
        provider: deps.llm.name,
        host: deps.ollamaUrl,
        baseUrl: deps.openaiBaseUrl,
        chatModel: deps.llm.chatModel,
        embedModel: deps.llm.embedModel,
        // Saving another setting must not pin what `auto` happened to find at this start.
        ...deps.llmAsked,
      },
      async (next, patch) =>
        PROVIDER_KEYS.some((k) => k in patch)
          ? llmSettingsEffect(next, deps.llm, {
              apiKey: deps.apiKeys.get(),
              runningHost: (deps.llm as { host?: string }).host ?? null,
            })
          : undefined,
    ),
    ...graphHandlers,
    ...entityHandlers,
    ...createQaHandlers(retrieval),
    ...createCitationHandlers(citations),
    ...createSnapshotHandlers(library, () => ingest.snapshotsKept()),
    ...createLayoutHandlers(openLayoutFiles(library.dataDir)),
    ...createExportHandlers({ ...graphHandlers, 'library:list': libraryHandlers['library:list'] }),
  } satisfies ApiHandlers;

  return {
    handlers,
    events,
    deps,
    ingest,
    stores: library,
    retrieval,
    health: () => app['app:health'](),
    warmUp() {
      // Once open, what the graph holds and the index lacks (a deleted index, a crash between a graph write
      // and its vectors, another embedding model) is embedded again in the background.
      const warn = (msg: string) => (e: unknown) =>
        deps.log.log('warn', msg, { error: e instanceof Error ? e.message : String(e) });
      library.vectors
        .ready()
        .then(async () => {
          const missing = Object.values((await library.reconciled()).missing).flat().length;
          const recorded = library.vectors.embedding();
          const changed = recorded && deps.llm.embedModel && recorded.model !== deps.llm.embedModel;
          if (missing || changed) {
            const done = await ingest.rebuildVectors();
            deps.log.log('info', 'vectors rebuilt', { ...done });
          }
        }, warn('vector index did not open'))
        .catch(warn('vectors not rebuilt'));
    },
    async close() {
      // Domains register their own teardown here as they are added (store, queue, workers).
      // The scheduler stops first (jobs in flight stay 'running' and resume on the next open), then the library.
      await ingest.close();
      await retrieval.close();
      await citations.close();
      await library.close();
    },
  };
}

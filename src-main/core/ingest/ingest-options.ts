import { AppSettings } from '../../contract/settings';
import type { Clock, Logger } from '../deps';
import type { EventBus } from '../event-bus';
import type { Library } from '../library';
import type { LlmMetrics } from '../llm/metrics';
import { INGEST_RETRY } from '../llm/retry';
import { entityTypesFor } from '../llm/schemas';
import type { LlmTasks } from '../llm/task-types';
import type { PipelineOptions } from './pipeline/context';
import type { SchedulerOptions } from './runtime/scheduler';

/** Worker entry points: out/main/<name>.js when built; the src-worker .ts files under tsx and tests. */
export interface WorkerPaths {
  parse: string | URL;
  ingest: string | URL;
}

export interface IngestOptions extends Partial<PipelineOptions>, Partial<SchedulerOptions> {
  /** Worker threads in the pool. Default: cores − 1, at least 1. */
  workers?: number;
  /** Jobs waiting or running before enqueue is refused. Default 10 000. */
  capacity?: number;
  /** Model calls in flight (ingestion and QA together). Default: the Settings value (2). */
  llmConcurrency?: number;
  parseTimeoutMs?: number;
  /** Time budget for parsing one .txt/.md file (default 30 s). */
  textParseTimeoutMs?: number;
  /**
   * Attempts inside one task call. Default 1 (INGEST_TASK_ATTEMPTS): ingestion retries at the step, with
   * backoff and a varied seed (llm/retry.ts says why); more here would multiply them.
   */
  taskAttempts?: number;
  /**
   * Opens with the queue paused: a command that only looks (status, search, ask, entities, export) starts
   * no job, not even one a killed run left behind (it resumes with the next command that works).
   */
  startPaused?: boolean;
  /**
   * Answers model calls from the library's kept replies too (`ingest-replies.ndjson`): `ariadne repair`
   * reads documents again without asking the model what it answered before.
   */
  replayKeptReplies?: boolean;
}

export interface IngestDeps {
  library: Library;
  tasks: LlmTasks;
  events: EventBus;
  clock: Clock;
  log: Logger;
  workerPaths: WorkerPaths;
  options?: IngestOptions;
  /** The provider's call metrics, from which each model's speed is learnt for estimates. */
  calls?: LlmMetrics;
}

/**
 * The pipeline's options: those given by the caller win; otherwise the Settings screen's values (`app`),
 * read when they are used.
 */
export function pipelineOptions(
  o: IngestOptions,
  app: () => AppSettings,
  tasks: Pick<LlmTasks, 'provider'>,
): PipelineOptions {
  return {
    maxChunkRetries: o.maxChunkRetries ?? INGEST_RETRY.stepRetries,
    maxJobRetries: o.maxJobRetries ?? INGEST_RETRY.jobRetries,
    backoffBaseMs: o.backoffBaseMs ?? INGEST_RETRY.baseMs,
    backoffMaxMs: o.backoffMaxMs ?? INGEST_RETRY.maxMs,
    get blockTokens() {
      return o.blockTokens ?? app().chunkTokens;
    },
    get entityTypes() {
      return o.entityTypes ?? entityTypesFor({ longevity: app().entityTypeSet !== 'biomedical' });
    },
    // Without a model there is nothing to refine with: the built-in reading is the only one.
    get progressive() {
      return tasks.provider !== 'builtin' && (o.progressive ?? app().progressiveIngestion);
    },
    random: o.random ?? Math.random,
  };
}

/** The Settings screen's values stored in the library; a hand-edited invalid value is ignored, not fatal. */
export function appSettingsOf(library: Library): AppSettings {
  const r = AppSettings.safeParse(library.settings.get().app ?? {});
  return r.success ? r.data : AppSettings.parse({});
}

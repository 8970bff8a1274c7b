import { isAriadneError } from '../../../contract/errors';
import type { PassageReading } from '../../llm/schemas';
import type { DocumentMeta, LlmTasks } from '../../llm/task-types';
import { type CallJournal, journalKey, noJournal } from './call-journal';
import { createEmbedCache, type EmbedCache } from './embed-cache';
import type { BuiltinOp } from './worker-api';
import type { WorkerPool } from './worker-pool';

export interface Counters {
  llmCalls: number;
  schemaInvalid: number;
  upstreamErrors: number;
  promptChars: number;
  /** Replies taken from the call journal instead of asking the model again (after a crash). */
  replayed: number;
  /** Texts sent to the embedding model (after the content-hash cache). */
  embedInputs: number;
  /** Texts answered by the embedding cache or by a request already in flight. */
  embedCached: number;
}

/** The model calls the pipeline's steps make, whichever provider answers them. */
export interface ModelCalls {
  readonly chatModel: string;
  readonly embedModel: string;
  /** A model reads the passages (not the built-in rules): its reading is grounded strictly. */
  readonly reads: boolean;
  readonly counters: Counters;
  /**
   * One passage reading (summary, entities, relationships, questions) in one model call. `attempt` (1, 2, …)
   * varies the sampling seed on a retry: at temperature 0 a schema failure repeats itself otherwise.
   */
  readPassage(
    input: {
      text: string;
      previousSummary: string;
      entityTypes?: readonly string[];
      attempt?: number;
      /** The document's own names (authors): the built-in engine keeps them out of the entities. */
      meta?: DocumentMeta;
      /** Place in the model-call queue (CallPriority); a refinement waits behind new documents' drafts. */
      priority?: number;
    },
    signal: AbortSignal,
  ): Promise<PassageReading>;
  /** Vectors in order; each distinct text reaches the model once (cache), all of `texts` in one request. */
  embed(texts: string[], signal: AbortSignal, priority?: number): Promise<number[][]>;
}

/**
 * Ollama calls are I/O and stay on the main thread; the built-in provider's rules are CPU work and run in
 * the worker pool. Counts calls and classifies failures (schema-invalid vs upstream) for `queue:status`.
 * Every reply goes to the call journal as it arrives, so a restart does not pay again for finished calls.
 */
export function createModelCalls(
  tasks: LlmTasks,
  pool: WorkerPool,
  journal: CallJournal = noJournal,
): ModelCalls {
  const counters: Counters = {
    llmCalls: 0,
    schemaInvalid: 0,
    upstreamErrors: 0,
    promptChars: 0,
    replayed: 0,
    embedInputs: 0,
    embedCached: 0,
  };
  const builtin = tasks.provider === 'builtin';
  const models = `${tasks.chatModel ?? tasks.provider}|${tasks.embedModel}`;
  // Every reply is journaled (call-journal.ts); embeddings by their content-hash cache, one entry per text
  // rather than per request.
  const cache: EmbedCache = createEmbedCache(tasks.embedModel, journal);

  async function counted<T>(fn: () => Promise<T>): Promise<T> {
    counters.llmCalls++;
    try {
      return await fn();
    } catch (e) {
      if (isAriadneError(e) && e.code === 'schema_invalid') counters.schemaInvalid++;
      else if (!(isAriadneError(e) && e.code === 'cancelled')) counters.upstreamErrors++;
      throw e;
    }
  }
  async function call<T>(op: BuiltinOp, input: unknown, chars: number, fn: () => Promise<T>): Promise<T> {
    const key = journalKey(op, models, input);
    const recorded = journal.get<T>(key);
    if (recorded !== undefined) {
      counters.replayed++;
      return recorded;
    }
    counters.promptChars += chars;
    const value = await counted(fn);
    journal.put(key, value);
    return value;
  }
  const viaPool = <T>(op: BuiltinOp, input: unknown) =>
    pool.run((api) => api.builtin(op, input)) as Promise<T>;
  return {
    chatModel: tasks.chatModel ?? tasks.provider,
    reads: !builtin,
    embedModel: tasks.embedModel,
    counters,
    readPassage: ({ text, previousSummary, entityTypes, attempt, meta, priority }, signal) =>
      call(
        'passage',
        entityTypes ? [text, previousSummary, entityTypes] : [text, previousSummary],
        text.length + previousSummary.length,
        () =>
          builtin
            ? viaPool<PassageReading>('passage', { text, previousSummary, entityTypes, meta })
            : tasks.readPassage({ text, previousSummary, entityTypes, meta }, { signal, attempt, priority }),
      ),
    async embed(texts, signal, priority) {
      let sent = 0;
      const out = await cache.embed(texts, (missing) => {
        sent = missing.length;
        counters.embedInputs += missing.length;
        return counted(() =>
          builtin
            ? viaPool<number[][]>('embed', { texts: missing })
            : tasks.embed(missing, { signal, priority }),
        );
      });
      counters.embedCached += texts.length - sent;
      return out;
    },
  };
}

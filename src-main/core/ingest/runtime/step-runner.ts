import { isAriadneError } from '../../../contract/errors';
import type { Extraction, LlmTasks } from '../../llm/tasks';
import { type CallJournal, journalKey, noJournal } from './call-journal';
import type { WorkerPool } from './worker-pool';

export interface Counters {
  llmCalls: number;
  schemaInvalid: number;
  upstreamErrors: number;
  promptChars: number;
  /** Replies taken from the call journal instead of asking the model again (after a crash). */
  replayed: number;
}

/** The model calls the pipeline makes, whichever provider answers them. */
export interface StepRunner {
  readonly chatModel: string;
  readonly embedModel: string;
  readonly counters: Counters;
  summarize(text: string, previousSummary: string, signal: AbortSignal): Promise<string>;
  extract(
    text: string,
    previousSummary: string,
    signal: AbortSignal,
    entityTypes?: readonly string[],
  ): Promise<Extraction>;
  questions(text: string, signal: AbortSignal): Promise<string[]>;
  embed(texts: string[], signal: AbortSignal): Promise<number[][]>;
}

/**
 * Ollama calls are I/O and stay on the main thread; the built-in provider's rules are CPU work and run in
 * the worker pool. Counts calls and classifies failures (schema-invalid vs upstream) for `queue:status`.
 * Every reply goes to the call journal as it arrives, so a restart does not pay again for finished calls.
 */
export function createStepRunner(
  tasks: LlmTasks,
  pool: WorkerPool,
  journal: CallJournal = noJournal,
): StepRunner {
  const counters: Counters = {
    llmCalls: 0,
    schemaInvalid: 0,
    upstreamErrors: 0,
    promptChars: 0,
    replayed: 0,
  };
  const builtin = tasks.provider === 'builtin';
  const models = `${tasks.chatModel ?? tasks.provider}|${tasks.embedModel}`;
  async function call<T>(op: string, input: unknown, chars: number, fn: () => Promise<T>): Promise<T> {
    const key = journalKey(op, models, input);
    const recorded = journal.get<T>(key);
    if (recorded !== undefined) {
      counters.replayed++;
      return recorded;
    }
    counters.llmCalls++;
    counters.promptChars += chars;
    try {
      const value = await fn();
      journal.put(key, value);
      return value;
    } catch (e) {
      if (isAriadneError(e) && e.code === 'schema_invalid') counters.schemaInvalid++;
      else if (!(isAriadneError(e) && e.code === 'cancelled')) counters.upstreamErrors++;
      throw e;
    }
  }
  const viaPool = <T>(op: 'summarize' | 'extract' | 'questions' | 'embed', input: unknown) =>
    pool.run((api) => api.builtin(op, input)) as Promise<T>;
  return {
    chatModel: tasks.chatModel ?? tasks.provider,
    embedModel: tasks.embedModel,
    counters,
    summarize: (text, previousSummary, signal) =>
      call('summarize', [text, previousSummary], text.length + previousSummary.length, () =>
        builtin
          ? viaPool<string>('summarize', { text, previousSummary })
          : tasks.summarize({ text, previousSummary }, { signal }),
      ),
    extract: (text, previousSummary, signal, entityTypes) =>
      call(
        'extract',
        entityTypes ? [text, previousSummary, entityTypes] : [text, previousSummary],
        text.length + previousSummary.length,
        () =>
          builtin
            ? viaPool<Extraction>('extract', { text, previousSummary, entityTypes })
            : tasks.extract({ text, previousSummary, entityTypes }, { signal }),
      ),
    questions: (text, signal) =>
      call('questions', text, text.length, () =>
        builtin ? viaPool<string[]>('questions', { text }) : tasks.atomicQuestions({ text }, { signal }),
      ),
    embed: (texts, signal) =>
      call(
        'embed',
        texts,
        texts.reduce((n, t) => n + t.length, 0),
        () => (builtin ? viaPool<number[][]>('embed', { texts }) : tasks.embed(texts, { signal })),
      ),
  };
}

import { AriadneError } from '../../../contract/errors';
import { backoffDelay, isCancelled, isServiceDown, sleep } from '../../llm/retry';
import { type ChunkState, DOC_LEVEL, type Job, taskKey } from '../queue/types';
import { message, StepFailed } from '../runtime/step-errors';
import type { PipelineContext } from './context';
import type { Step } from './step';

/** The persisted output of `step` for this passage when it is done for `model`, else undefined. */
export function persisted(job: Job, chunkIndex: number, step: Pick<Step, 'name'>, model: string): unknown {
  const t = job.tasks.get(taskKey(chunkIndex, step.name));
  return t?.status === 'done' && t.output?.model === model ? t.output.value : undefined;
}

/**
 * Runs one step of one chunk exactly once per (document, chunk, step, model): a persisted output for the
 * same model is returned without calling anything. Failures are retried with exponential backoff and
 * jitter up to max_chunk_retries, every attempt persisted; then the step is failed. This is the level at
 * which ingestion's model calls retry; the policy and why it is this level are in llm/retry.ts.
 */
export async function runStep<T>(
  ctx: PipelineContext,
  job: Job,
  signal: AbortSignal,
  chunkIndex: number,
  step: Pick<Step, 'name' | 'level'>,
  model: string,
  fn: (attempt: number) => Promise<T>,
): Promise<T> {
  // A document step stored under a passage's index (or the reverse) would never be found again on resume.
  if ((step.level === 'document') !== (chunkIndex === DOC_LEVEL))
    throw new AriadneError('internal', `Step ${step.name} does not run at chunk index ${chunkIndex}.`);
  const prev = job.tasks.get(taskKey(chunkIndex, step.name));
  if (prev?.status === 'done' && prev.output?.model === model) return prev.output.value as T;
  if (prev?.status === 'failed') throw new StepFailed(chunkIndex, step.name, prev.error ?? 'failed');
  const state: ChunkState =
    prev && prev.output?.model !== model && prev.status === 'done'
      ? { ...prev, status: 'pending', attempts: 0, error: null, output: null }
      : (prev ?? {
          chunkIndex,
          step: step.name,
          status: 'pending',
          attempts: 0,
          nextRunAt: 0,
          error: null,
          output: null,
        });
  for (;;) {
    const wait = state.nextRunAt - ctx.clock.now();
    if (wait > 0) await sleep(wait, ctx.clock, signal);
    await ctx.whenRunning(signal);
    let value: T;
    try {
      if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');
      // Model slots are taken per call, inside fn, by the one limiter (see CallPriority): a step holds none
      // while it grounds, writes to the stores or waits for a batch.
      value = await fn(state.attempts + 1);
    } catch (e) {
      if (isCancelled(e, signal)) throw e;
      // Nothing wrong with this passage: the job waits for the service (llm/retry.ts).
      if (isServiceDown(e)) throw e;
      state.attempts++;
      state.error = message(e);
      if (state.attempts > ctx.opts.maxChunkRetries) {
        state.status = 'failed';
        await ctx.queue.saveTasks(job, [{ ...state }]);
        ctx.log.log('warn', 'chunk step failed', {
          doc: job.docId,
          chunk: chunkIndex,
          step: step.name,
          attempts: state.attempts,
          error: state.error,
        });
        throw new StepFailed(chunkIndex, step.name, state.error);
      }
      state.status = 'pending';
      state.nextRunAt =
        ctx.clock.now() +
        backoffDelay(state.attempts, {
          baseMs: ctx.opts.backoffBaseMs,
          maxMs: ctx.opts.backoffMaxMs,
          random: ctx.opts.random,
        });
      await ctx.queue.saveTasks(job, [{ ...state }]);
      continue;
    }
    state.status = 'done';
    state.error = null;
    state.output = { model, value };
    await ctx.queue.saveTasks(job, [{ ...state }]);
    ctx.stepDone(job);
    return value;
  }
}

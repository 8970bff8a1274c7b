import type { ChunkRecord } from '../../store/types';
import type { PipelineContext } from './context';
import { persisted } from './run-step';
import type { AskAhead, ChunkStep, DocumentState } from './step';

interface Ahead {
  replies: Map<number, { previous: string; reply: Promise<{ summary: string }> }>;
  /** Set once the step reads for itself: the reading ahead asks nothing more. */
  stopped: boolean;
}

const KEY = 'ahead';

/**
 * Reads the passages ahead of a chain step (`ChunkStep.ahead`) from the job's start, in order along the
 * forward-summary chain, each call going out as soon as the reply before it is in. The draft-refine flow's
 * refinement needs only the passages and its own previous summary, yet it used to start after the draft's
 * commit, which waits its turn behind every earlier document's refined passages: five papers at
 * --concurrency 4, every call 500 ms, the third to fifth drafts committed 27-46 s after their drafting ended
 * and at most 2 chat calls were ever in flight (test/bench/parallel-reading.ts). The step's first attempt
 * takes the reply (`takeAhead`); the order refined passages commit in is unchanged. Returns a stop: calls
 * still in flight are cancelled (the job ended without reaching the step).
 */
export function readAhead(
  ctx: PipelineContext,
  state: DocumentState,
  step: ChunkStep,
  ask: AskAhead,
  jobSignal: AbortSignal,
): () => void {
  const own = new AbortController();
  const signal = AbortSignal.any([jobSignal, own.signal]);
  const ahead: Ahead = { replies: new Map(), stopped: false };
  state.scratch.set(KEY, ahead);
  void (async () => {
    let previous = '';
    for (const c of state.chunks) {
      // A passage the step has already read (a job run again) hands on its own summary: the step reads.
      if (
        ahead.stopped ||
        signal.aborted ||
        persisted(state.job, c.index, step, step.model(ctx)) !== undefined
      )
        return;
      const reply = ask(ctx, state, c, { previous, signal });
      // A failed reply is the step's first attempt's failure (it retries on its own); never unhandled here.
      reply.catch(() => undefined);
      ahead.replies.set(c.index, { previous, reply });
      const r = await reply.catch(() => null);
      if (!r) return;
      previous = r.summary;
    }
  })();
  return () => {
    ahead.stopped = true;
    own.abort();
  };
}

/**
 * The reply read ahead for this passage, taken once, when it was asked with the same previous summary (a
 * passage retried on its own may have handed on another). Otherwise the step reads for itself from here on,
 * and the reading ahead stops, so no passage is asked twice.
 */
export function takeAhead<T extends { summary: string }>(
  state: DocumentState,
  c: ChunkRecord,
  previous: string,
): Promise<T> | undefined {
  const ahead = state.scratch.get(KEY) as Ahead | undefined;
  if (!ahead) return undefined;
  const got = ahead.replies.get(c.index);
  ahead.replies.delete(c.index);
  if (got?.previous === previous) return got.reply as Promise<T>;
  ahead.stopped = true;
  return undefined;
}

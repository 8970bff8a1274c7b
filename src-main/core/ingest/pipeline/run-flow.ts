import { AriadneError } from '../../../contract/errors';
import type { IngestStage } from '../../../contract/library';
import { DOC_LEVEL, type Job } from '../queue/types';
import type { JobOutcome } from '../runtime/scheduler';
import { StepFailed } from '../runtime/step-errors';
import type { PipelineContext } from './context';
import { openDocument } from './document';
import { type Flow, flowOf, stepsOf } from './flows';
import { readAhead } from './read-ahead';
import { persisted, runStep } from './run-step';
import type { ChunkStep, DocumentState, DocumentStep, Step, StepRun } from './step';

/**
 * The one driver: runs the job's flow (flows.ts), a list of steps, over its document. Consecutive passage
 * steps run as a pipeline — a passage enters the next step as soon as the one before is done with it, in
 * passage order — and consecutive document steps run once over the passages that were read, under one
 * commit turn when they ask for it. Every step goes through `runStep`: persisted output reused, retries with
 * backoff, each attempt persisted; model replies are journaled by the model calls themselves; progress is
 * reported per step; the scheduler's watchdog sees every step that moves. A passage that runs out of retries
 * is failed; after a passage step that says `stop-flow` the flow ends there for a later retry.
 */
export async function runJob(ctx: PipelineContext, job: Job, signal: AbortSignal): Promise<JobOutcome> {
  const flow = flowOf(ctx, job);
  const { chunks, facts } = await openDocument(ctx, job, signal);
  const state: DocumentState = { job, chunks, facts, readings: new Map(), readBy: '', scratch: new Map() };
  const failed = new Set<number>();
  const steps = stepsToRun(flow, job);
  // A chain step after the document steps reads ahead of them (read-ahead.ts).
  const later = steps.find(
    (s, i): s is ChunkStep => s.level === 'chunk' && i > 0 && steps[i - 1]?.level === 'document',
  );
  const stopAhead = later?.ahead ? readAhead(ctx, state, later, later.ahead, signal) : () => undefined;
  try {
    return await runSteps(ctx, state, flow, steps, failed, signal);
  } finally {
    stopAhead();
  }
}

async function runSteps(
  ctx: PipelineContext,
  state: DocumentState,
  flow: Flow,
  steps: Step[],
  failed: Set<number>,
  signal: AbortSignal,
): Promise<JobOutcome> {
  const { job } = state;
  let stopped = false;
  for (let i = 0; i < steps.length && !stopped;) {
    const group = [steps[i] as Step];
    const level = group[0]?.level;
    while (steps[i + group.length]?.level === level) group.push(steps[i + group.length] as Step);
    i += group.length;
    await enterPhase(ctx, job, group[0] as Step);
    if (level === 'chunk') {
      const lost = await runPassageSteps(ctx, state, flow, group as ChunkStep[], failed, signal);
      stopped = lost && group.some((s) => (s as ChunkStep).onFailure === 'stop-flow');
    } else await runDocumentSteps(ctx, state, flow, group as DocumentStep[], signal);
  }
  const p = job.payload;
  if (!failed.size && p.progressive && p.progressive.phase !== 'refined') {
    p.progressive.phase = 'refined';
    await ctx.queue.savePayload(job);
  }
  return { failedChunks: [...failed].sort((a, b) => a - b), chunkErrors: chunkErrorsOf(job) };
}

/** The flow's steps still to run: a progressive job resumed in a phase starts at that phase's first step. */
function stepsToRun(flow: Flow, job: Job): Step[] {
  const all = stepsOf(flow);
  const phase = job.payload.progressive?.phase;
  if (!phase || phase === 'draft') return all;
  if (phase === 'refined') return [];
  const at = all.findIndex((s) => s.phase === phase);
  return at < 0 ? all : all.slice(at);
}

/** Reaching the first step of a phase: the job enters it (and the views hear that its draft is in). */
async function enterPhase(ctx: PipelineContext, job: Job, step: Step): Promise<void> {
  const p = job.payload;
  if (!step.phase || !p.progressive) return;
  // The model may have changed since the draft: the steps it has not refined yet are its own.
  p.progressive.model = ctx.models.chatModel;
  if (p.progressive.phase === step.phase) return setStage(ctx, job, step.stage);
  p.progressive.phase = step.phase;
  p.stage = step.stage;
  await ctx.queue.savePayload(job);
  ctx.progress(job);
  ctx.documentChanged(job);
}

function setStage(ctx: PipelineContext, job: Job, stage: IngestStage): void {
  if (job.payload.stage === stage) return;
  job.payload.stage = stage;
  ctx.progress(job);
}

/**
 * Passage steps, pipelined. The first step of the group reads the passages in order when it is a chain
 * (passage n + 1 starts once passage n has `carry`-ed its summary), else all at once; each later step of the
 * group starts for a passage when the one before it has settled for that passage, in passage order. Returns
 * whether a passage was lost (ran out of retries, or waits behind one that did in the chain).
 */
async function runPassageSteps(
  ctx: PipelineContext,
  state: DocumentState,
  flow: Flow,
  group: ChunkStep[],
  failed: Set<number>,
  signal: AbortSignal,
): Promise<boolean> {
  const { job } = state;
  const [head, ...rest] = group as [ChunkStep, ...ChunkStep[]];
  setStage(ctx, job, head.stage);
  if (head.reads) state.readBy = head.model(ctx);
  const base = { state, signal, priorities: flow.priorities };
  const lost = new Set<number>();
  // Every promise settles: a passage out of retries is noted, anything else (cancel, an unreachable model)
  // is kept and rethrown once the others have stopped, never left unhandled.
  let fatal: unknown = null;
  const note = (e: unknown, i: number) => {
    if (e instanceof StepFailed) lost.add(i);
    else fatal ??= e;
  };
  const tails: Promise<void>[] = [];
  const passageRun = (
    s: ChunkStep,
    c: DocumentState['chunks'][number],
    previous: string,
    carry: (v: string) => void,
  ) =>
    runStep(ctx, job, signal, c.index, s, s.model(ctx), (attempt) =>
      s.run(ctx, c, { ...base, attempt, previous, carry }),
    );
  /** The rest of the group for one passage, started in passage order (each step's `prepare` queues in it). */
  const runRest = (c: DocumentState['chunks'][number], from: readonly ChunkStep[]): Promise<void> => {
    const [s, ...after] = from;
    if (!s) return Promise.resolve();
    // A step done before (a resumed job) queues nothing: windows are cut from the texts still missing.
    const done = persisted(job, c.index, s, s.model(ctx));
    if (done !== undefined) {
      s.settle(state, c, done);
      return runRest(c, after);
    }
    s.prepare?.(ctx, c, base);
    return passageRun(s, c, '', () => undefined).then((out) => {
      s.settle(state, c, out);
      return runRest(c, after);
    });
  };
  const todo = state.chunks.filter((c) => !failed.has(c.index));
  let chainBroken = false;
  if (head.chain) {
    let previous = '';
    let inOrder: Promise<unknown> = Promise.resolve();
    for (const c of todo) {
      const context = previous;
      let carry: (v: string) => void = () => undefined;
      const carried = new Promise<string>((resolve) => (carry = resolve));
      const settled = passageRun(head, c, context, (v) => carry(v)).then(
        (out) => ({ out }),
        (e: unknown) => ({ error: e }),
      );
      inOrder = inOrder
        .then(() => settled)
        .then((r) => {
          if ('error' in r) return note(r.error, c.index);
          head.settle(state, c, r.out);
          tails.push(runRest(c, rest).catch((e: unknown) => note(e, c.index)));
        });
      // A persisted step (a resumed job) gives its chain value without a call.
      const next = await Promise.race([
        carried,
        settled.then((r) => ('out' in r ? (head.settle(state, c, r.out) ?? '') : null)),
      ]);
      if (next === null) {
        // The passages after this one wait for "retry failed passages".
        chainBroken = true;
        break;
      }
      previous = next;
    }
    await inOrder;
  } else {
    for (const c of todo) tails.push(runRest(c, group).catch((e: unknown) => note(e, c.index)));
  }
  for (const s of group) s.scheduled?.(state);
  await Promise.all(tails);
  if (fatal) throw fatal;
  if (chainBroken)
    for (const c of todo) if (persisted(job, c.index, head, head.model(ctx)) === undefined) lost.add(c.index);
  if (signal.aborted) throw new AriadneError('cancelled', 'Cancelled.');
  for (const i of lost) failed.add(i);
  return lost.size > 0;
}

/** Document steps, once, over the passages that were read; `turn` steps under one commit turn. */
async function runDocumentSteps(
  ctx: PipelineContext,
  state: DocumentState,
  flow: Flow,
  group: DocumentStep[],
  signal: AbortSignal,
): Promise<void> {
  const { job } = state;
  const passages = state.chunks.filter((c) => state.readings.has(c.index));
  setStage(ctx, job, (group[0] as DocumentStep).stage);
  const run = (attempt: number): StepRun => ({ state, signal, priorities: flow.priorities, attempt });
  for (const s of group)
    if (s.beforeTurn && persisted(job, DOC_LEVEL, s, s.model(ctx, state, passages)) === undefined)
      await s.beforeTurn(ctx, passages, run(1)).catch(() => undefined);
  const release = group.some((s) => s.turn) ? await ctx.commitTurn(job, signal) : () => undefined;
  try {
    for (const s of group) {
      setStage(ctx, job, s.stage);
      const out = await runStep(ctx, job, signal, DOC_LEVEL, s, s.model(ctx, state, passages), (attempt) =>
        s.run(ctx, passages, run(attempt)),
      );
      s.settle(state, out);
    }
  } finally {
    release();
  }
}

function chunkErrorsOf(job: Job): JobOutcome['chunkErrors'] {
  return [...job.tasks.values()]
    .filter((t) => t.status === 'failed')
    .map((t) => ({
      chunkIndex: t.chunkIndex,
      step: t.step,
      attempts: t.attempts,
      error: t.error ?? 'failed',
    }));
}

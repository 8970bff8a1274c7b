import type { IngestProgress } from '../../../contract/library';
import { type Job, taskKey } from '../queue/types';

/**
 * What the counts of a job follow, from the flow it runs (pipeline/flows.ts `planOf`): its per-passage
 * steps, how many steps it runs once per document, and the step at which a passage counts as done.
 */
export interface JobPlan {
  chunkSteps: readonly string[];
  documentSteps: number;
  countedStep: string;
}

/**
 * Per-chunk completion as the library view shows it: a passage counts once its counted step is done — its
 * reading; in a progressive job, its refinement (the built-in draft of the whole document takes seconds, the
 * model's passes are what a count should follow). Its embedding is batched with later passages' (requests
 * filled to the provider's limit), so waiting for it made the count jump from 0 to all at the end of a
 * document instead of following the reading.
 */
export function chunkCounts(job: Job, plan: JobPlan): { done: number; failed: number; total: number } {
  const total = job.payload.chunksTotal ?? 0;
  let done = 0;
  let failed = 0;
  const settled = job.status === 'partially_failed';
  for (let i = 0; i < total; i++) {
    const states = plan.chunkSteps.map((s) => job.tasks.get(taskKey(i, s))?.status);
    if (states.some((s) => s === 'failed')) failed++;
    else if (job.tasks.get(taskKey(i, plan.countedStep))?.status === 'done') done++;
    // In a partially failed job a passage that never ran (it waits behind a failed one in the chain) is
    // as failed as one that ran out of retries: the job's message counted it, so must chunksFailed.
    else if (settled) failed++;
  }
  return { done, failed, total };
}

/** Passages whose `step` is done. */
export function stepDoneCount(job: Job, step: string): number {
  let n = 0;
  for (const t of job.tasks.values()) if (t.step === step && t.status === 'done') n++;
  return n;
}

/** Throughput measured per job in this process; the ETA is remaining steps × observed time per step. */
export class ProgressTracker {
  private readonly started = new Map<string, { at: number; steps: number }>();

  constructor(
    private readonly now: () => number,
    private readonly planOf: (job: Job) => JobPlan,
  ) {}

  begin(jobId: string): void {
    this.started.set(jobId, { at: this.now(), steps: 0 });
  }

  step(jobId: string): void {
    const s = this.started.get(jobId);
    if (s) s.steps++;
  }

  end(jobId: string): void {
    this.started.delete(jobId);
  }

  eta(job: Job): number | null {
    const s = this.started.get(job.id);
    const total = job.payload.chunksTotal;
    if (!s || !s.steps || total === null) return null;
    const plan = this.planOf(job);
    const all = total * plan.chunkSteps.length + plan.documentSteps;
    const done = [...job.tasks.values()].filter((t) => t.status === 'done').length;
    return Math.max(0, Math.round(((this.now() - s.at) / s.steps) * Math.max(0, all - done)));
  }

  snapshot(job: Job): IngestProgress {
    const c = chunkCounts(job, this.planOf(job));
    const terminal = !['queued', 'running'].includes(job.status);
    return {
      documentId: job.docId,
      status: job.status,
      stage: terminal ? 'done' : job.payload.stage,
      chunksDone: c.done,
      chunksTotal: c.total,
      chunksFailed: c.failed,
      etaMs: terminal ? 0 : this.eta(job),
      error: job.error,
    };
  }
}

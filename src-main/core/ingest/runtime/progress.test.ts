import { describe, expect, it } from 'vitest';
import { type ChunkState, type ChunkStep, type Job, taskKey } from '../queue/types';
import { chunkCounts, type JobPlan } from './progress';

const onePass: JobPlan = { chunkSteps: ['passage', 'embed'], documentSteps: 2, countedStep: 'passage' };

const task = (chunkIndex: number, step: ChunkStep, status: ChunkState['status']): ChunkState => ({
  chunkIndex,
  step,
  status,
  attempts: 1,
  nextRunAt: 0,
  error: status === 'failed' ? 'boom' : null,
  output: null,
});

function jobWith(status: Job['status'], tasks: ChunkState[], total: number): Job {
  return {
    id: 'j',
    docId: 'd',
    status,
    attempts: 0,
    nextRunAt: 0,
    error: null,
    createdAt: 0,
    tasks: new Map(tasks.map((t) => [taskKey(t.chunkIndex, t.step), t])),
    payload: {
      fileName: 'a.txt',
      kind: 'txt',
      originalPath: '',
      stage: 'done',
      chunksTotal: total,
      sections: [],
      addedAt: 0,
    },
  };
}

describe('chunkCounts', () => {
  // Regression: "10 of 12 passages failed" while chunksFailed said 4 — the passages waiting behind a
  // failed one in the chain were counted by the job's message but not by the view.
  it('counts passages that never ran behind a failed one as failed once the job settles', () => {
    const tasks = [task(0, 'passage', 'done'), task(0, 'embed', 'done'), task(1, 'passage', 'failed')];
    expect(chunkCounts(jobWith('partially_failed', tasks, 4), onePass)).toEqual({
      done: 1,
      failed: 3,
      total: 4,
    });
    // While it runs, a passage that has not run yet is pending, not failed.
    expect(chunkCounts(jobWith('running', tasks, 4), onePass)).toEqual({ done: 1, failed: 1, total: 4 });
  });
});

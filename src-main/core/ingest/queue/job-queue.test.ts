import { describe, expect, it } from 'vitest';
import type { Clock } from '../../deps';
import { createMemoryJobStore } from '../../store/memory/job-store';
import { JobQueue } from './job-queue';
import type { JobPayload } from './types';

// The queue's rules on the in-memory job store: no database, so each case costs microseconds. Persistence
// across a restart is the job store contract's (test/store-contract), run on every backend.

const payload: JobPayload = {
  fileName: 'paper.pdf',
  kind: 'pdf',
  originalPath: '/papers/paper.pdf',
  stage: 'queued',
  chunksTotal: null,
  sections: [],
  addedAt: 0,
};

function setup(capacity = 3) {
  let now = 1000;
  const clock: Clock = { now: () => now, setTimeout: () => ({ cancel: () => undefined }) };
  const store = createMemoryJobStore(clock);
  return { queue: new JobQueue(store, clock, capacity), store, advance: (ms: number) => void (now += ms) };
}

describe('job queue', () => {
  it('hands out ready jobs first in, first out, and waits for a retry time', async () => {
    const { queue, advance } = setup();
    await queue.enqueue('a', payload);
    await queue.enqueue('b', payload);
    expect(queue.peekReady()?.id).toBe('a');
    await queue.markRunning('a');
    await queue.scheduleRetry('a', 'model unreachable', 500);
    // a went to the back and is not due yet.
    expect(queue.peekReady()?.id).toBe('b');
    expect(queue.nextRunAt()).toBe(1000);
    await queue.markRunning('b');
    expect(queue.peekReady()).toBeNull();
    expect(queue.nextRunAt()).toBe(1500);
    advance(500);
    expect(queue.peekReady()).toMatchObject({ id: 'a', attempts: 1, error: 'model unreachable' });
  });

  it('refuses jobs beyond capacity, but re-adding an active document is the same job', async () => {
    const { queue } = setup(2);
    const a = await queue.enqueue('a', payload);
    await queue.enqueue('b', payload);
    expect(await queue.enqueue('a', { ...payload, fileName: 'other.pdf' })).toBe(a);
    await expect(queue.enqueue('c', payload)).rejects.toMatchObject({ code: 'capacity', retryable: true });
    await queue.markRunning('a');
    await queue.complete('a', 'done');
    expect(queue.activeCount).toBe(1);
    await queue.enqueue('c', payload);
  });

  it('enforces status transitions', async () => {
    const { queue } = setup();
    await queue.enqueue('a', payload);
    await expect(queue.complete('a', 'done')).rejects.toMatchObject({ code: 'conflict' });
    await expect(queue.scheduleRetry('a', 'x', 1)).rejects.toMatchObject({ code: 'conflict' });
    await expect(queue.complete('a', 'running')).rejects.toMatchObject({ code: 'internal' });
    // Cancelling needs no claim.
    expect((await queue.complete('a', 'cancelled')).status).toBe('cancelled');
    await expect(queue.markRunning('a')).rejects.toMatchObject({ code: 'conflict' });
    await expect(queue.markRunning('nobody')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('restarts a finished document, keeping its chunk states only when asked', async () => {
    const { queue, store } = setup();
    const job = await queue.enqueue('a', payload);
    await queue.markRunning('a');
    const step = {
      chunkIndex: 0,
      step: 'passage' as const,
      attempts: 1,
      nextRunAt: 0,
      error: null,
      output: null,
    };
    await queue.saveTasks(job, [{ ...step, status: 'done' }]);
    await queue.complete('a', 'partially_failed', 'one chunk failed');
    const kept = await queue.enqueue('a', payload, { keepTasks: true });
    expect([...kept.tasks.values()]).toMatchObject([{ chunkIndex: 0, status: 'done' }]);
    expect(kept).toMatchObject({ status: 'queued', attempts: 0, error: null, createdAt: job.createdAt });
    await queue.complete('a', 'cancelled');
    const fresh = await queue.enqueue('a', payload);
    expect(fresh.tasks.size).toBe(0);
    expect(await store.listChunkTasks('a')).toEqual([]);
    await queue.remove('a');
    expect(await store.getJob('a')).toBeNull();
    expect(queue.get('a')).toBeUndefined();
  });

  it("opens without reading finished jobs' step outputs, and reads them when such a job runs again", async () => {
    const { queue, store } = setup();
    const output = { model: 'm', value: { sentences: ['x'.repeat(1000)] } };
    const step = { step: 'passage', attempts: 1, nextRunAt: 0, error: null };
    for (const id of ['done', 'partial', 'open']) {
      const job = await queue.enqueue(id, { ...payload, chunksTotal: 2 });
      await queue.markRunning(id);
      await queue.saveTasks(job, [
        { ...step, chunkIndex: 0, status: 'done', output },
        { ...step, chunkIndex: 1, status: id === 'partial' ? 'failed' : 'pending', output: null },
      ]);
    }
    await queue.complete('done', 'done');
    await queue.complete('partial', 'partially_failed', 'one passage failed');
    // 'open' was running when the process stopped.
    const reads: { ids: string[]; outputs: boolean }[] = [];
    const counted = {
      ...store,
      chunkTasksOf: (ids: string[], o?: { outputs?: boolean }) => {
        reads.push({ ids, outputs: o?.outputs !== false });
        return store.chunkTasksOf(ids, o);
      },
    };
    const reopened = new JobQueue(counted, { now: () => 2000, setTimeout: () => ({ cancel: () => {} }) }, 3);
    expect(await reopened.load()).toEqual({ resumed: ['open'] });
    // Outputs were read for the unfinished job alone; the finished ones' states (counts, errors) are there.
    expect(reads.filter((r) => r.outputs).flatMap((r) => r.ids)).toEqual(['open']);
    expect(reopened.get('open')?.tasks.get('0:passage')?.output).toEqual(output);
    expect(reopened.get('done')?.tasks.get('0:passage')).toMatchObject({ status: 'done', output: null });
    expect(reopened.get('partial')?.tasks.get('1:passage')).toMatchObject({ status: 'failed' });
    // A retry of the failed passage keeps the done one's output, which the step must not compute again.
    const partial = reopened.get('partial')!;
    await reopened.saveTasks(partial, [{ ...step, chunkIndex: 1, status: 'pending', output: null }]);
    const again = await reopened.enqueue('partial', partial.payload, { keepTasks: true });
    expect(again.tasks.get('0:passage')).toMatchObject({ status: 'done', output });
    expect(again.tasks.get('1:passage')).toMatchObject({ status: 'pending' });
    expect((await store.listChunkTasks('partial'))[0]?.output).toBe(JSON.stringify(output));
  });
});

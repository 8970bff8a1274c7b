import { afterEach, describe, expect, it } from 'vitest';
import { JobQueue } from '../../src-main/core/ingest/queue/job-queue';
import type { JobPayload } from '../../src-main/core/ingest/queue/types';
import type { JobStore } from '../../src-main/core/store/job-store';
import type { JobInput } from '../../src-main/core/store/types';
import { manualClock, type ManualClock, type Opened, type OpenStore } from './opened';

const job = (id: string, over: Partial<JobInput> = {}): JobInput => ({
  id,
  kind: 'ingest',
  docId: id,
  status: 'queued',
  attempts: 0,
  nextRunAt: 0,
  error: null,
  payload: JSON.stringify({ id }),
  ...over,
});

const payload: JobPayload = {
  fileName: 'paper.pdf',
  kind: 'pdf',
  originalPath: '/papers/paper.pdf',
  stage: 'queued',
  chunksTotal: null,
  sections: [],
  addedAt: 0,
};

/**
 * What every JobStore must do: jobs and chunk tasks round-trip with their stamps, filters and orders, and the
 * real ingestion queue's claim / retry / complete survive a reopen.
 */
export function jobStoreContract(backend: string, open: OpenStore<JobStore>): void {
  describe(`JobStore contract: ${backend}`, () => {
    let opened: Opened<JobStore> | undefined;
    let clock: ManualClock;
    const fresh = async () => {
      clock = manualClock();
      opened = await open(clock);
      return opened.store;
    };
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('round-trips jobs; createdAt stays from the first write, updatedAt follows the last', async () => {
      const s = await fresh();
      const t0 = clock.now();
      await s.upsertJobs([job('a', { error: 'boom', nextRunAt: 42, attempts: 2 })]);
      clock.advance(1000);
      await s.upsertJobs([job('a', { status: 'running', error: null, attempts: 3 })]);
      expect(await s.getJob('a')).toEqual({
        ...job('a', { status: 'running', attempts: 3 }),
        createdAt: t0,
        updatedAt: t0 + 1000,
      });
      expect(await s.getJob('missing')).toBeNull();
    });

    it('lists jobs oldest first, filtered by status, kind and document', async () => {
      const s = await fresh();
      await s.upsertJobs([job('b')]);
      clock.advance(10);
      await s.upsertJobs([job('a', { status: 'done' }), job('c', { kind: 'export', docId: 'd1' })]);
      // Same createdAt: ties go by id.
      expect((await s.listJobs()).map((j) => j.id)).toEqual(['b', 'a', 'c']);
      expect((await s.listJobs({ status: ['queued'] })).map((j) => j.id)).toEqual(['b', 'c']);
      expect((await s.listJobs({ status: ['done', 'queued'], kind: 'ingest' })).map((j) => j.id)).toEqual([
        'b',
        'a',
      ]);
      expect((await s.listJobs({ docId: 'd1' })).map((j) => j.id)).toEqual(['c']);
      expect(await s.listJobs({ status: ['failed'] })).toEqual([]);
    });

    it('upserts chunk tasks by (job, chunk, step), ordered by chunk then step, filtered', async () => {
      const s = await fresh();
      const task = { jobId: 'a', attempts: 0, nextRunAt: 0, error: null, output: null };
      await s.upsertJobs([job('a'), job('b')]);
      await s.upsertChunkTasks([
        { ...task, chunkIndex: 1, step: 'extract', status: 'pending' },
        { ...task, chunkIndex: 0, step: 'questions', status: 'pending' },
        { ...task, chunkIndex: 0, step: 'extract', status: 'pending' },
        { ...task, jobId: 'b', chunkIndex: 0, step: 'extract', status: 'pending' },
      ]);
      clock.advance(5);
      await s.upsertChunkTasks([
        { ...task, chunkIndex: 0, step: 'extract', status: 'done', attempts: 1, output: '{"n":1}' },
      ]);
      const listed = await s.listChunkTasks('a');
      expect(listed.map((t) => `${t.chunkIndex}:${t.step}:${t.status}`)).toEqual([
        '0:extract:done',
        '0:questions:pending',
        '1:extract:pending',
      ]);
      expect(listed[0]).toEqual({
        ...task,
        chunkIndex: 0,
        step: 'extract',
        status: 'done',
        attempts: 1,
        output: '{"n":1}',
        updatedAt: clock.now(),
      });
      expect((await s.listChunkTasks('a', { status: ['pending'] })).length).toBe(2);
      expect((await s.listChunkTasks('a', { step: 'extract' })).map((t) => t.chunkIndex)).toEqual([0, 1]);
      expect(await s.listChunkTasks('nobody')).toEqual([]);
      // Many jobs in one read: each job's list as listChunkTasks gives it; jobs without tasks are absent.
      const many = await s.chunkTasksOf(['b', 'a', 'nobody', 'a']);
      expect([...many.keys()].sort()).toEqual(['a', 'b']);
      expect(many.get('a')).toEqual(listed);
      expect(many.get('b')).toEqual(await s.listChunkTasks('b'));
      expect(await s.chunkTasksOf([])).toEqual(new Map());
      // Without outputs: the same states, every output left null.
      const bare = await s.chunkTasksOf(['a'], { outputs: false });
      expect(bare.get('a')).toEqual(listed.map((t) => ({ ...t, output: null })));
    });

    it('deletes jobs with their chunk tasks and nothing else', async () => {
      const s = await fresh();
      const task = { chunkIndex: 0, step: 'extract', status: 'pending', attempts: 0, nextRunAt: 0 };
      await s.upsertJobs([job('a'), job('b')]);
      await s.upsertChunkTasks([
        { ...task, jobId: 'a', error: null, output: null },
        { ...task, jobId: 'b', error: null, output: null },
      ]);
      await s.deleteJobs(['a', 'missing']);
      await s.deleteJobs([]);
      expect(await s.getJob('a')).toBeNull();
      expect(await s.listChunkTasks('a')).toEqual([]);
      expect((await s.listJobs()).map((j) => j.id)).toEqual(['b']);
      expect(await s.listChunkTasks('b')).toHaveLength(1);
    });

    it('keeps the queue across a reopen: claimed jobs resume, retries and completions persist', async () => {
      const s = await fresh();
      const q = new JobQueue(s, clock, 10);
      await q.enqueue('d1', payload);
      clock.advance(1);
      await q.enqueue('d2', payload);
      clock.advance(1);
      await q.enqueue('d3', payload);
      // d1: claimed, fails once, retried later; d2: claimed and done; d3: claimed with one chunk done.
      await q.markRunning('d1');
      await q.scheduleRetry('d1', 'ollama unreachable', 60_000);
      await q.markRunning('d2');
      await q.complete('d2', 'done');
      const d3 = await q.markRunning('d3');
      await q.saveTasks(d3, [
        {
          chunkIndex: 0,
          step: 'passage',
          status: 'done',
          attempts: 1,
          nextRunAt: 0,
          error: null,
          output: { model: 'm', value: [1] },
        },
        {
          chunkIndex: 1,
          step: 'passage',
          status: 'running',
          attempts: 1,
          nextRunAt: 0,
          error: null,
          output: null,
        },
      ]);

      const again = new JobQueue(await opened!.reopen(), clock, 10);
      expect(await again.load()).toEqual({ resumed: ['d3'] });
      expect(again.get('d1')).toMatchObject({
        status: 'queued',
        attempts: 1,
        error: 'ollama unreachable',
        nextRunAt: clock.now() + 60_000,
        payload,
      });
      expect(again.get('d2')).toMatchObject({ status: 'done', error: null });
      const resumed = again.get('d3')!;
      expect(resumed.status).toBe('queued');
      expect([...resumed.tasks.values()]).toEqual([
        {
          chunkIndex: 0,
          step: 'passage',
          status: 'done',
          attempts: 1,
          nextRunAt: 0,
          error: null,
          output: { model: 'm', value: [1] },
        },
        // A step in flight when the process stopped is pending again.
        {
          chunkIndex: 1,
          step: 'passage',
          status: 'pending',
          attempts: 1,
          nextRunAt: 0,
          error: null,
          output: null,
        },
      ]);
      // FIFO by enqueue order among ready jobs: d1 waits for its retry time, d3 is ready now.
      expect(again.peekReady()?.id).toBe('d3');
      expect(again.peekReady(clock.now() + 60_000)?.id).toBe('d1');
      await again.remove('d2');
      expect(await opened!.store.getJob('d2')).toBeNull();
    });
  });
}

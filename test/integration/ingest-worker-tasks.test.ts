import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../src-main/core/ingest/runtime/worker-pool';
import { BUILTIN_OPS, type BuiltinOp } from '../../src-main/core/ingest/runtime/worker-api';

/** The real ingest worker (src-worker/ingest-worker.ts in a worker thread), as the pipeline's pool runs it. */
describe('ingest worker dispatch', () => {
  const pool = createWorkerPool({ workerPath: 'src-worker/ingest-worker.ts', size: 1 });
  afterAll(() => pool.close());

  it('runs every model task of ingestion', async () => {
    expect(BUILTIN_OPS).toEqual(['passage', 'embed']);
    const vecs = (await pool.run((api) => api.builtin('embed', { texts: ['mTOR', 'AMPK'] }))) as number[][];
    expect(vecs).toHaveLength(2);
    expect(vecs[0]!.length).toBeGreaterThan(0);
    const reading = (await pool.run((api) =>
      api.builtin('passage', { text: 'Rapamycin inhibits mTOR in yeast.', previousSummary: '' }),
    )) as { summary: string };
    expect(typeof reading.summary).toBe('string');
  });

  it('rejects a task that is not a model step instead of embedding its input', async () => {
    // `refine` and `draft` are steps that read a passage, not tasks of their own: they ask for `passage`.
    for (const op of ['summarize', 'questions', 'resolve', 'refine', 'draft', '']) {
      await expect(
        pool.run((api) => api.builtin(op as BuiltinOp, { texts: ['mTOR'], text: 'mTOR' })),
      ).rejects.toThrow(/Unknown ingest worker task/);
    }
    // The worker is still serving after the refusals.
    const vecs = (await pool.run((api) => api.builtin('embed', { texts: ['mTOR'] }))) as number[][];
    expect(vecs).toHaveLength(1);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { corpusPaths, ctx, dumpOf, ingestAll, openCore, tempDir } from './ingest/harness';

describe('ingest through the built-in provider', () => {
  const dumps: unknown[] = [];
  afterAll(() => undefined);

  it('ingests the fixture papers and gives the same graph on two runs', async () => {
    const paths = await corpusPaths();
    for (let run = 0; run < 2; run++) {
      const core = await openCore(tempDir(), createBuiltinProvider());
      try {
        const { res, jobs } = await ingestAll(core, paths);
        expect(res.rejected).toEqual([]);
        expect(jobs.map((j) => j.status)).toEqual(paths.map(() => 'done'));
        const list = await core.handlers['library:list']({}, ctx());
        for (const d of list.documents) {
          expect(d.chunksTotal).toBeGreaterThan(0);
          expect(d.chunksDone).toBe(d.chunksTotal);
          expect(d.entities).toBeGreaterThan(0);
        }
        const counts = await core.stores.graph.counts();
        expect(counts.chunks).toBeGreaterThan(0);
        expect(counts.questions).toBeGreaterThanOrEqual(counts.chunks * 5);
        // Same content again: recognised by hash, not processed again.
        const again = await core.handlers['library:import']({ paths }, ctx());
        expect(again.added.every((a) => a.duplicate)).toBe(true);
        dumps.push(await dumpOf(core));
        const status = await core.handlers['queue:status']({}, ctx());
        expect(status.done).toBe(paths.length);
      } finally {
        await core.close();
      }
    }
    expect(dumps[1]).toEqual(dumps[0]);
  });
});

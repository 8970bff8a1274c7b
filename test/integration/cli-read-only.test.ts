import { describe, expect, it } from 'vitest';
import { openLibraryAccess } from '../../src-main/cli/library-access';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, fixtureFiles, openCore, tempDir } from './ingest/harness';

/**
 * `status` after a kill crashed in 6 of 15 rounds ("An ingest worker stopped"): it opened the library, the
 * jobs the kill left behind resumed before it paused the queue, and closing ended a worker with a task
 * pending. A command that only looks opens the library with its queue paused from the start.
 */
describe('commands that only look', () => {
  const dataDir = tempDir('ariadne-read-only-');
  it('start no job, not even one a previous run left in the queue', async () => {
    const f = await fixtureFiles();
    const writer = await openCore(dataDir, createBuiltinProvider(), { startPaused: true });
    const { added } = await writer.handlers['library:import']({ paths: [f.txt, f.md] }, ctx());
    expect(added).toHaveLength(2);
    await writer.close();

    const g = { data: dataDir, llm: 'builtin' as const, ollama: 'http://127.0.0.1:9' };
    for (let round = 0; round < 3; round++) {
      const lib = await openLibraryAccess(g, createMemoryLogger());
      await new Promise((r) => setTimeout(r, 300));
      const queue = await lib.call('queue:status', {});
      const { documents } = await lib.call('library:list', {});
      await lib.close();
      expect(queue).toMatchObject({ paused: true, running: 0, queued: 2, done: 0 });
      expect(documents.map((d) => d.status)).toEqual(['queued', 'queued']);
    }

    // The next command that works picks the jobs up.
    const worker = await openCore(dataDir, createBuiltinProvider());
    const jobs = await worker.ingest.waitFor(added.map((a) => a.id));
    await worker.close();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done']);
  });
});

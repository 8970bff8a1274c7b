import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

// A model that accepts a request and then says nothing, with a client timeout longer than the watchdog:
// without the watchdog the job stayed `running` until the client gave up (5 min by default).
describe('the ingest watchdog', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  it('fails a job that makes no progress with a message, and a retry finishes it', async () => {
    const dir = tempDir();
    const note = path.join(dir, 'note.md');
    fs.writeFileSync(note, '# Stall note\n\nAMPK activates PGC-1alpha in skeletal muscle during fasting.\n');
    sim.setFaults({ default: { rate: 1, kinds: { stall: 1 }, stallMs: 60_000 } });
    const llm = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      timeoutMs: 60_000,
    });
    const core = await openCore(path.join(dir, 'lib'), llm, {
      // Far above what a step that works takes on a loaded machine (the vector index opening mid-job took
      // 1.5 s there: the watchdog stopped a job that was not stalled), far below the model's stall.
      stallTimeoutMs: 5000,
      maxJobRetries: 0,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
    });
    try {
      const started = Date.now();
      const { jobs } = await ingestAll(core, [note]);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(jobs[0]!.status).toBe('dead_lettered');
      expect(jobs[0]!.error).toMatch(/^No progress for \d+ s \(stage \w+\): stopped by the watchdog/);

      sim.setFaults({});
      await core.handlers['library:retry-failed']({ documentId: jobs[0]!.docId }, ctx());
      const [after] = await core.ingest.waitFor([jobs[0]!.docId]);
      expect([after!.status, after!.error]).toEqual(['done', null]);
    } finally {
      await core.close();
    }
  });
});

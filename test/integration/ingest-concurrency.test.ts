import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { ctx, fixtureFiles, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * "Parallel LLM calls" in Settings is what reaches Ollama: the provider's one limiter takes the library's
 * setting (before, boot never passed it and the provider kept its own default of 2). The simulator counts
 * the model calls (chat and embed) open at once. Eight text documents of several passages each: text parses
 * in the worker pool at once, so four documents' chains overlap whatever the machine's load.
 */
async function documents(): Promise<string[]> {
  const f = await fixtureFiles();
  const base = `${fs.readFileSync(f.txt, 'utf8')}\n\n${fs.readFileSync(f.md, 'utf8')}`;
  const dir = tempDir('ariadne-concurrency-docs-');
  return Array.from({ length: 8 }, (_, i) => {
    const file = path.join(dir, `notes-${i}.txt`);
    fs.writeFileSync(file, `Reading notes, copy ${i}.\n\n${base}`);
    return file;
  });
}

describe('the concurrency setting', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 5, default: { latencyMs: 250 } } });
  });
  afterAll(() => sim.close());

  for (const concurrency of [4, 1]) {
    it(`${concurrency} in Settings gives ${concurrency} model calls in flight`, async () => {
      const provider = createOllamaProvider({
        host: sim.url,
        chatModel: 'qwen2.5:7b',
        embedModel: 'all-minilm',
      });
      const core = await openCore(tempDir(), provider);
      try {
        await core.handlers['settings:set']({ concurrency, chunkTokens: 200 }, ctx());
        sim.resetStats();
        const { jobs } = await ingestAll(core, await documents());
        expect(jobs.every((j) => j.status === 'done')).toBe(true);
        expect(sim.stats().peakModelCalls).toBe(concurrency);
      } finally {
        await core.close();
      }
    }, 180_000);
  }
});

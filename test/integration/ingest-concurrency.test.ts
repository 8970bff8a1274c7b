import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { ctx, fixtureFiles, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * "Parallel LLM calls" in Settings is what reaches Ollama: the provider's limiter takes the library's
 * setting (before, boot never passed it and the provider kept its own default of 2), for the chat model and
 * for the embedding model, each its own slots as the server gives them. The simulator counts the calls open
 * at once. Text documents parse in the worker pool at once, so documents' chains overlap whatever the
 * machine's load.
 */
async function documents(count: number, parts: number): Promise<string[]> {
  const f = await fixtureFiles();
  const base = `${fs.readFileSync(f.txt, 'utf8')}\n\n${fs.readFileSync(f.md, 'utf8')}`;
  const dir = tempDir('ariadne-concurrency-docs-');
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `notes-${i}.txt`);
    const body = Array.from({ length: parts }, (_, k) => `Part ${k + 1} of copy ${i}.\n\n${base}`);
    fs.writeFileSync(file, `Reading notes, copy ${i}.\n\n${body.join('\n\n')}`);
    return file;
  });
}

describe('the concurrency setting', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 5, default: { latencyMs: 250 } } });
  });
  afterAll(() => sim.close());
  const provider = () =>
    createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });

  for (const concurrency of [4, 1]) {
    it(`${concurrency} in Settings gives ${concurrency} calls in flight per model`, async () => {
      const core = await openCore(tempDir(), provider());
      try {
        await core.handlers['settings:set']({ concurrency, chunkTokens: 200 }, ctx());
        sim.resetStats();
        const { jobs } = await ingestAll(core, await documents(8, 1));
        expect(jobs.every((j) => j.status === 'done')).toBe(true);
        const s = sim.stats();
        expect(s.chatInFlight.peak).toBeLessThanOrEqual(concurrency);
        expect(s.peakEmbedCalls).toBeLessThanOrEqual(concurrency);
        expect(Math.max(s.chatInFlight.peak, s.peakEmbedCalls)).toBe(concurrency);
      } finally {
        await core.close();
      }
    }, 180_000);
  }

  it('gives the embedding model slots of its own: one chat and one embedding at once at 1', async () => {
    const p = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      concurrency: 1,
    });
    sim.resetStats();
    await Promise.all([
      p.chat({ messages: [{ role: 'user', content: 'first' }] }),
      p.chat({ messages: [{ role: 'user', content: 'second' }] }),
      p.embed(['a passage']),
      p.embed(['another passage']),
    ]);
    const s = sim.stats();
    // In one shared slot the embeddings of refined passages held half the chat model's slots.
    expect([s.chatInFlight.peak, s.peakEmbedCalls, s.peakModelCalls]).toEqual([1, 1, 2]);
  });

  it('reads four drafts with the model at once at 4, while their drafts wait to commit', async () => {
    // Each document's passages go one after another along its forward-summary chain, so chat calls overlap
    // only across documents. A refinement used to start after its draft's commit, and the drafts commit one
    // at a time (each embedding its entities, slow here) behind the earlier documents' refined passages:
    // each short chain was over before the next draft was in: 3 chat calls in flight at most (2 before the
    // turn heard that a committed draft's job refines).
    const slow = await startSim({
      faults: { seed: 5, default: { latencyMs: 400 }, models: { 'all-minilm': { latencyMs: 600 } } },
    });
    const p = createOllamaProvider({ host: slow.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
    const core = await openCore(tempDir(), p, { blockTokens: 200, progressive: true });
    try {
      await core.handlers['settings:set']({ concurrency: 4 }, ctx());
      const { jobs } = await ingestAll(core, await documents(4, 4));
      expect(jobs.every((j) => j.status === 'done')).toBe(true);
      const s = slow.stats();
      console.log(
        `four drafts refined: ${s.byEndpoint['/api/chat'] ?? 0} chat calls, ${s.chatInFlight.peak} in flight at most`,
      );
      expect(s.chatInFlight.peak).toBe(4);
    } finally {
      await core.close();
      await slow.close();
    }
  }, 60_000);
});

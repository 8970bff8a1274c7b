import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { corpusPaths, ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * Global search's map step through a model server: each community's partial answer is its own call, and
 * they are independent, so they share the server's slots (two by default) instead of waiting in a row.
 */
describe('global search maps its communities in parallel', () => {
  let sim: Sim;
  let core: Core;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 3 } });
    const llm = createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
    core = await openCore(tempDir('ariadne-global-map-'), llm);
    const { jobs } = await ingestAll(core, await corpusPaths());
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('the partial answers of two communities are in flight together', async () => {
    // Communities and their summaries first, so the ask below makes only answer calls.
    await core.handlers['qa:ask'](
      { question: 'What are the main themes of this library?', mode: 'global' },
      ctx(),
    );
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 3, default: { latencyMs: 300 } }),
    });
    sim.resetStats();
    const a = await core.handlers['qa:ask'](
      { question: 'By how much did OEA reduce IL-6 expression in hepatocytes?', mode: 'global' },
      ctx(),
    );
    const maps = a.trace.filter((t) => t.step.startsWith('map: ')).length;
    expect(maps).toBeGreaterThanOrEqual(2);
    expect(sim.stats().peakModelCalls).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

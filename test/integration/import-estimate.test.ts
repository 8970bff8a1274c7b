import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmBatch, type ConfirmIo } from '../../src-main/cli/confirm-batch';
import type { ImportEstimate } from '../../src-main/contract/library';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { ctx, fixtureFiles, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * The estimate before indexing, through the Ollama simulator: a model never timed is timed by one real call
 * on the batch's first passage; the measurement is kept in the library, so the next estimate makes no call;
 * real ingestion calls then replace the probe's figure. Above Settings' limit the batch asks, below it not.
 */
const L = 400;
const chatCalls = (sim: Sim) => sim.stats().byEndpoint['/api/chat'] ?? 0;

/** Answers the question with `answer` and records whether it was asked. */
function recordingIo(answer: string): ConfirmIo & { asked: string[]; said: string } {
  const io = {
    interactive: true,
    asked: [] as string[],
    said: '',
    write: (t: string) => void (io.said += t),
    ask: async (q: string) => (io.asked.push(q), answer),
  };
  return io;
}

describe('the estimate before indexing', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 5, default: { latencyMs: L } } });
  });
  afterAll(() => sim.close());

  it('probes an unmeasured model with one call, then estimates from what it keeps', async () => {
    const f = await fixtureFiles();
    const paths = [f.papers[0]!.file, f.papers[1]!.file, f.txt];
    const dataDir = tempDir();
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
    });
    const core = await openCore(dataDir, provider);
    try {
      sim.resetStats();
      const first = await core.handlers['library:estimate']({ paths }, ctx());
      expect(chatCalls(sim)).toBe(1);
      expect(sim.stats().byEndpoint['/api/embed'] ?? 0).toBe(0);
      expect(first).toMatchObject({ basis: 'probe', model: 'qwen2.5:7b', documents: 3 });
      expect(first.msPerCall).toBeGreaterThanOrEqual(L);
      expect(first.modelCalls).toBe(first.passages);
      expect(first.modelCalls).toBeGreaterThanOrEqual(3);
      expect(first.tokens).toBeGreaterThan(first.modelCalls * 100);
      // The chains of three documents share two slots: at least the longest chain, at most every call in a row.
      expect(first.wallMs).toBeGreaterThanOrEqual(first.msPerCall! * Math.ceil(first.modelCalls / 3));
      expect(first.wallMs).toBeLessThanOrEqual(first.msPerCall! * first.modelCalls);
      expect(first.summary).toMatch(
        /^3 documents, ~\d+ passages: ~\d+ model calls, ~[\d.]+k? tokens, ~.+ with qwen2\.5:7b$/,
      );
      // Nothing was imported by estimating.
      expect((await core.handlers['library:list']({}, ctx())).documents).toEqual([]);
      const kept = JSON.parse(fs.readFileSync(path.join(dataDir, 'model-throughput.json'), 'utf8')) as {
        models: Record<string, { source: string; calls: number }>;
      };
      expect(kept.models['qwen2.5:7b']).toMatchObject({ source: 'probe', calls: 1 });

      const again = await core.handlers['library:estimate']({ paths }, ctx());
      expect(chatCalls(sim)).toBe(1);
      expect(again.basis).toBe('measured');
      expect(again.modelCalls).toBe(first.modelCalls);

      // Real passage calls replace the probe's figure.
      await ingestAll(core, paths);
      const after = await core.handlers['library:estimate']({ paths: [f.md] }, ctx());
      expect(after.basis).toBe('measured');
    } finally {
      await core.close();
    }
    // Closing writes what the calls taught.
    const learnt = JSON.parse(fs.readFileSync(path.join(dataDir, 'model-throughput.json'), 'utf8')) as {
      models: Record<string, { source: string; calls: number }>;
    };
    expect(learnt.models['qwen2.5:7b']!.source).toBe('calls');
    expect(learnt.models['qwen2.5:7b']!.calls).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('asks above the limit in Settings and not below it', async () => {
    const f = await fixtureFiles();
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
    });
    const core = await openCore(tempDir(), provider);
    try {
      const estimate = async (limit: number): Promise<ImportEstimate> => {
        await core.handlers['settings:set']({ confirmAboveMinutes: limit }, ctx());
        return core.handlers['library:estimate']({ paths: [f.papers[0]!.file] }, ctx());
      };
      const above = await estimate(0);
      expect(above.confirm).toBe(true);
      const no = recordingIo('n');
      expect(await confirmBatch(above, {}, no)).toBe(false);
      expect(no.asked).toHaveLength(1);
      expect(no.said).toContain(above.summary);
      const yes = recordingIo('y');
      expect(await confirmBatch(above, {}, yes)).toBe(true);
      // --yes and a missing terminal go on without asking.
      const skip = recordingIo('n');
      expect(await confirmBatch(above, { yes: true }, skip)).toBe(true);
      expect(skip.asked).toEqual([]);
      const script = { ...recordingIo('n'), interactive: false };
      expect(await confirmBatch(above, {}, script)).toBe(true);
      expect(script.asked).toEqual([]);

      const below = await estimate(10);
      expect(below.confirm).toBe(false);
      const quiet = recordingIo('n');
      expect(await confirmBatch(below, {}, quiet)).toBe(true);
      expect(quiet.asked).toEqual([]);
    } finally {
      await core.close();
    }
  }, 120_000);

  it('the built-in engine makes no call and never asks, but still gives its time', async () => {
    const f = await fixtureFiles();
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      await core.handlers['settings:set']({ confirmAboveMinutes: 0 }, ctx());
      const e = await core.handlers['library:estimate']({ paths: [f.papers[0]!.file, f.md] }, ctx());
      expect(e).toMatchObject({ basis: 'builtin', model: null, modelCalls: 0, tokens: 0, confirm: false });
      expect(e.wallMs).toBeGreaterThan(0);
      expect(e.summary).toMatch(/with the built-in engine$/);
    } finally {
      await core.close();
    }
  }, 60_000);
});

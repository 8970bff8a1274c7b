import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { createOpenAiProvider } from '../../src-main/core/llm/openai/openai-provider';
import { closedPort } from '../sim/ports';
import { type Sim, startSim } from '../sim/server';

/** A laptop and a lab server serving the same models: calls spread by free slots, a dead one left out. */
describe('several endpoints for one model', () => {
  let laptop: Sim;
  let lab: Sim;
  beforeAll(async () => {
    // The lab server answers four times faster.
    [laptop, lab] = await Promise.all([
      startSim({ faults: { default: { latencyMs: 200 } } }),
      startSim({ faults: { default: { latencyMs: 50 } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([laptop?.close(), lab?.close()]);
  });

  it('keeps both busy, and the faster one takes more calls', async () => {
    const p = createOllamaProvider({
      host: laptop.url,
      moreHosts: [lab.url],
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      concurrency: 2,
    });
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => p.chat({ messages: [{ role: 'user', content: `call ${i}` }] })),
    );
    const onLaptop = laptop.stats().byEndpoint['/api/chat'] ?? 0;
    const onLab = lab.stats().byEndpoint['/api/chat'] ?? 0;
    expect(onLaptop + onLab).toBe(16);
    expect(onLaptop).toBeGreaterThan(0);
    expect(onLab).toBeGreaterThan(onLaptop);
    // Two slots on each: four in flight at once, never more on one server.
    expect(laptop.stats().chatInFlight.peak).toBeLessThanOrEqual(2);
    expect(lab.stats().chatInFlight.peak).toBeLessThanOrEqual(2);
    expect(p.endpoints.describe().map((e) => e.alive)).toEqual([true, true]);
  });

  it('takes a dead endpoint out: its calls go to the other, none fails', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    lab.resetStats();
    const p = createOpenAiProvider({
      baseUrl: dead,
      moreUrls: [`${lab.url}/v1`],
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
      concurrency: 2,
    });
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => p.chat({ messages: [{ role: 'user', content: `call ${i}` }] })),
    );
    expect(replies).toHaveLength(6);
    expect(await p.embed(['a', 'b'])).toHaveLength(2);
    expect(lab.stats().byEndpoint['/v1/chat/completions']).toBe(6);
    const [down, up] = p.endpoints.describe();
    expect(down).toMatchObject({ url: dead, alive: false });
    expect(down?.lastError).toMatch(/not running/);
    expect(down?.retryInMs).toBeGreaterThan(0);
    expect(up).toMatchObject({ alive: true, failures: 0 });
    const health = await p.health();
    expect(health.ok).toBe(true);
    expect(health.detail).toMatch(/1 of 2 endpoints answer/);
  });
});

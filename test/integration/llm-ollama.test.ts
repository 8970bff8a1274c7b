import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../src-main/core/llm/create-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { SummarySchema, extractionSchema, BIOMEDICAL_ENTITY_TYPES } from '../../src-main/core/llm/schemas';
import { extractPrompt } from '../../src-main/core/llm/prompts';
import { DEFAULT_REGISTRY } from '../sim/catalog';
import { ariadneFailure as failure } from '../helpers/ariadne-failure';
import { type Sim, startSim } from '../sim/server';
import { closedPort } from '../sim/ports';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, models: DEFAULT_REGISTRY });
});
afterAll(() => sim?.close());

const provider = (extra: Partial<Parameters<typeof createOllamaProvider>[0]> = {}) =>
  createOllamaProvider({
    host: sim.url,
    chatModel: 'qwen2.5:7b',
    embedModel: 'all-minilm',
    timeoutMs: 5000,
    ...extra,
  });
const schema = extractionSchema(BIOMEDICAL_ENTITY_TYPES);
const msgs = extractPrompt('TP53 is mutated in cancer.', BIOMEDICAL_ENTITY_TYPES);

describe('ollama provider against the simulator', () => {
  it('says Ollama is not running when the port is closed', async () => {
    const host = `http://127.0.0.1:${await closedPort()}`;
    const p = createOllamaProvider({ host, chatModel: 'x', embedModel: 'y', timeoutMs: 3000 });
    const e = await failure(p.chat({ messages: [{ role: 'user', content: 'hi' }] }));
    expect(e.code).toBe('server_unreachable');
    expect(e.message).toBe(`Ollama is not running at ${host}.`);
    expect(e.action).toEqual({ kind: 'start-ollama', host });
    expect((await p.health()).ok).toBe(false);
  });

  it('reports a missing model with a pull action', async () => {
    const e = await failure(
      provider({ chatModel: 'llama9:70b' }).chat({ messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(e.code).toBe('model_missing');
    expect(e.message).toMatch(/llama9:70b is not installed/);
    expect(e.action).toEqual({ kind: 'pull-model', model: 'llama9:70b' });
    const emb = await failure(provider({ embedModel: 'nope-embed' }).embed(['x']));
    expect(emb.code).toBe('model_missing');
  });

  it('refuses a prompt the model context cannot hold, before sending it', async () => {
    sim.resetStats();
    const e = await failure(
      provider({ chatModel: 'tiny-chat' }).chat({
        messages: [{ role: 'user', content: 'word '.repeat(2000) }],
        maxOutputTokens: 256,
      }),
    );
    expect(e.code).toBe('context_overflow');
    expect(sim.stats().byEndpoint['/api/chat']).toBeUndefined();
    expect(sim.stats().truncatedPrompts).toBe(0);
  });

  it('classifies injected faults: 503 and 500 retryable, truncated and schema-violating output as schema_invalid', async () => {
    const withFault = (kind: string) => provider({ headers: { 'x-sim-fault': kind } });
    for (const kind of ['http503', 'http500', 'drop']) {
      const e = await failure(withFault(kind).chat({ messages: msgs, schema }));
      expect([e.code, e.retryable]).toEqual(['upstream', true]);
    }
    for (const kind of ['truncated', 'schema', 'malformed']) {
      const p = withFault(kind);
      const e = await failure(p.chat({ messages: msgs, schema }));
      expect([e.code, e.retryable]).toEqual(['schema_invalid', true]);
      expect(p.metrics.snapshot().byOutcome['schema-invalid']).toBe(1);
    }
    const fenced = await withFault('fenced').chat({ messages: msgs, schema });
    expect(fenced.value.entities[0]?.entity_name).toBe('TP53');
    expect(fenced.raw).toMatch(/^```json/);
  });

  it('times out a stalled call', async () => {
    const p = provider({ headers: { 'x-sim-fault': 'stall' }, timeoutMs: 300 });
    await p.contextLength('qwen2.5:7b');
    const t0 = Date.now();
    const e = await failure(p.chat({ messages: msgs, schema: SummarySchema }));
    expect(e.code).toBe('timeout');
    // The stall lasts 60 s: well under that proves our 300 ms timer ended it (generous for a loaded box).
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(p.metrics.snapshot().byOutcome.timeout).toBe(1);
  });

  it('sends num_ctx, temperature 0, a seed and think:false', async () => {
    const bodies: Record<string, unknown>[] = [];
    const p = createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
    const orig = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/api/chat'))
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return orig(input, init);
    }) as typeof fetch;
    try {
      await p.chat({ messages: msgs, schema });
    } finally {
      globalThis.fetch = orig;
    }
    expect(bodies[0]).toMatchObject({ think: false, stream: false, options: { temperature: 0, seed: 42 } });
    expect((bodies[0]!.options as { num_ctx: number }).num_ctx).toBeGreaterThanOrEqual(2048);
    expect((bodies[0]!.format as { type: string }).type).toBe('object');
  });

  it('auto picks Ollama when it runs and the built-in provider when it does not', async () => {
    const up = await createProvider({ kind: 'auto', host: sim.url });
    expect(up.provider.name).toBe('ollama');
    expect(up.provider.chatModel).toBe('qwen2.5:7b');
    expect(up.provider.embedModel).toBe('nomic-embed-text:latest');
    const host = `http://127.0.0.1:${await closedPort()}`;
    const down = await createProvider({ kind: 'auto', host, probeTimeoutMs: 500 });
    expect(down.provider.name).toBe('builtin');
    expect(down.note).toContain(`Ollama is not running at ${host}`);
    expect((await down.provider.health()).detail).toContain('Ollama is not running');
    await expect(createProvider({ kind: 'ollama', host })).rejects.toMatchObject({
      code: 'server_unreachable',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../src-main/core/llm/create-provider';
import { createOpenAiProvider } from '../../src-main/core/llm/openai/openai-provider';
import { normaliseBaseUrl } from '../../src-main/core/llm/openai/openai-server';
import { extractPrompt, passagePrompt } from '../../src-main/core/llm/prompts';
import { BIOMEDICAL_ENTITY_TYPES, extractionSchema, passageSchema } from '../../src-main/core/llm/schemas';
import { closedPort } from '../sim/ports';
import { ariadneFailure as failure } from '../helpers/ariadne-failure';
import { type Sim, startSim } from '../sim/server';

const TEXT =
  'Metformin activates AMP-activated protein kinase (AMPK) in hepatocytes. AMPK inhibits mTORC1 signalling.';
const schema = extractionSchema(BIOMEDICAL_ENTITY_TYPES);

describe('the openai provider against an OpenAI-compatible server (the simulator under /v1)', () => {
  let sim: Sim;
  let keyed: Sim;
  let jsonMode: Sim;
  let textOnly: Sim;
  beforeAll(async () => {
    [sim, keyed, jsonMode, textOnly] = await Promise.all([
      startSim(),
      startSim({ openai: { apiKey: 'sk-local-secret' } }),
      startSim({ openai: { structured: 'json_object' } }),
      startSim({ openai: { structured: 'none' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sim, keyed, jsonMode, textOnly].map((s) => s?.close()));
  });
  const make = (s: Sim, extra: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
    createOpenAiProvider({
      baseUrl: `${s.url}/v1`,
      chatModel: 'qwen2.5:7b',
      embedModel: 'nomic-embed-text',
      timeoutMs: 10_000,
      ...extra,
    });

  it('reads structured output sent through response_format json_schema', async () => {
    const p = make(sim);
    const r = await p.chat({ messages: extractPrompt(TEXT, BIOMEDICAL_ENTITY_TYPES), schema, op: 'extract' });
    expect(r.value.entities.map((e) => e.entity_name)).toContain('AMP-activated protein kinase');
    expect(sim.stats().byEndpoint['/v1/chat/completions']).toBe(1);
    expect(sim.stats().formatChars).toBe(0);
  });

  it('steps down to json_object, then to the schema in the prompt, where a server refuses json_schema', async () => {
    for (const [s, calls] of [
      [jsonMode, 2],
      [textOnly, 3],
    ] as const) {
      const p = make(s);
      const r = await p.chat({ messages: extractPrompt(TEXT, BIOMEDICAL_ENTITY_TYPES), schema });
      expect(schema.safeParse(r.value).success).toBe(true);
      expect(r.value.entities.length).toBeGreaterThan(0);
      // The first call learns the server's mode (one refused request per step down); the next goes straight.
      expect(s.stats().byEndpoint['/v1/chat/completions']).toBe(calls);
      await p.chat({
        messages: extractPrompt('TP53 is mutated in cancer.', BIOMEDICAL_ENTITY_TYPES),
        schema,
      });
      expect(s.stats().byEndpoint['/v1/chat/completions']).toBe(calls + 1);
    }
  });

  it('streams server-sent events to the end ([DONE]) and stops upstream when the consumer leaves', async () => {
    const p = make(sim);
    let out = '';
    for await (const t of p.stream({ messages: [{ role: 'user', content: TEXT }] })) out += t;
    expect(out.length).toBeGreaterThan(20);
    let n = 0;
    for await (const _t of p.stream({ messages: [{ role: 'user', content: TEXT }], op: 'early' }))
      if (++n === 2) break;
    expect(p.metrics.snapshot().byOp.early?.byOutcome.cancelled).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.stats().inFlight).toBe(0);
  });

  it('sends the key as a bearer token; a wrong or missing key is refused with what to do', async () => {
    const ok = await make(keyed, { apiKey: 'sk-local-secret' }).embed(['alpha', 'beta']);
    expect(ok).toHaveLength(2);
    for (const apiKey of [undefined, 'sk-wrong']) {
      const e = await failure(make(keyed, { apiKey }).chat({ messages: [{ role: 'user', content: 'hi' }] }));
      expect(e.code).toBe('server_refused');
      expect(e.message).toMatch(/refused the API key \(401\)/);
      expect(e.message).not.toContain('sk-local-secret');
    }
  });

  it('names a missing model and an unreachable server in plain words', async () => {
    const missing = await failure(
      make(sim, { chatModel: 'llama9:70b' }).chat({ messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(missing.code).toBe('model_missing');
    expect(missing.message).toMatch(/llama9:70b is not installed in the model server/);
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const down = await failure(
      createOpenAiProvider({ baseUrl: url, chatModel: 'a', embedModel: 'b' }).embed(['x']),
    );
    expect(down.code).toBe('server_unreachable');
    expect(down.message).toBe(`The model server is not running at ${url}.`);
    expect(down.action).toEqual({ kind: 'start-server', host: url });
  });

  it('strips a thinking model’s reasoning, in the content or in its own field', async () => {
    for (const think of ['content', 'field'] as const) {
      sim.setHabits({ think });
      const p = make(sim);
      const r = await p.chat({
        messages: passagePrompt(TEXT, BIOMEDICAL_ENTITY_TYPES),
        schema: passageSchema(BIOMEDICAL_ENTITY_TYPES),
      });
      if (think === 'content') expect(r.raw).toMatch(/^<think>/);
      expect(r.value.summary).not.toMatch(/The user wants/);
      let streamed = '';
      for await (const t of p.stream({ messages: [{ role: 'user', content: TEXT }] })) streamed += t;
      expect(streamed).not.toMatch(/<think>|The user wants/);
      expect(streamed.length).toBeGreaterThan(10);
    }
    sim.setHabits({});
  });

  it('lists the served models, and `openai` picks a chat and an embedding model from them', async () => {
    const choice = await createProvider({ kind: 'openai', baseUrl: `${sim.url}/v1` });
    expect(choice.provider.name).toBe('openai');
    expect(choice.provider.chatModel).toBe('qwen2.5:7b');
    expect(choice.provider.embedModel).toBe('nomic-embed-text:latest');
    expect(choice.reason).toMatch(/model server at .*\/v1, 4 models served/);
    const models = await choice.provider.models();
    expect(models.filter((m) => m.kind === 'embed').map((m) => m.name)).toContain('all-minilm:latest');
    // An address without a path gets the API's usual /v1.
    expect(normaliseBaseUrl(sim.url)).toBe(`${sim.url}/v1`);
  });
});

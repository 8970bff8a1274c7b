import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPrompt, passagePrompt } from '../../src-main/core/llm/prompts';
import { jsonSchemaOf as formatFor } from '../../src-main/core/llm/structured';
import { BIOMEDICAL_ENTITY_TYPES, extractionSchema, passageSchema } from '../../src-main/core/llm/schemas';
import { createFaultPlanner } from './faults';
import { type Sim, startSim } from './server';

const schema = extractionSchema(BIOMEDICAL_ENTITY_TYPES);
const text = 'Metformin activates AMP-activated protein kinase (AMPK) in mice. TP53 is mutated in cancer.';

async function post(sim: Sim, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(sim.url + path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('ollama simulator', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ port: 0 });
  });
  afterAll(() => sim.close());

  it('honours a format schema with output that validates', async () => {
    const res = await post(sim, '/api/chat', {
      model: 'qwen2.5:7b',
      stream: false,
      messages: extractPrompt(text, BIOMEDICAL_ENTITY_TYPES),
      format: formatFor(schema),
      options: { num_ctx: 4096 },
    });
    const body = (await res.json()) as { message: { content: string }; done: boolean };
    expect(body.done).toBe(true);
    const parsed = schema.parse(JSON.parse(body.message.content));
    expect(parsed.entities.map((e) => e.entity_name)).toContain('AMP-activated protein kinase');
  });

  it('answers a passage reading (summary, entities, relationships, questions) from the format schema', async () => {
    const fused = passageSchema(BIOMEDICAL_ENTITY_TYPES);
    const ask = (previous: string) =>
      post(sim, '/api/chat', {
        model: 'qwen2.5:7b',
        stream: false,
        messages: passagePrompt(text, BIOMEDICAL_ENTITY_TYPES, previous),
        format: formatFor(fused),
        options: { num_ctx: 8192 },
      }).then(async (res) => (await res.json()) as { message: { content: string } });
    const body = await ask('');
    // The schema's order, summary first, is the reply's order, as Ollama's grammar would produce it.
    expect(Object.keys(JSON.parse(body.message.content))).toEqual([
      'summary',
      'entities',
      'relationships',
      'questions',
    ]);
    const parsed = fused.parse(JSON.parse(body.message.content));
    expect(parsed.entities.map((e) => e.entity_name)).toContain('AMP-activated protein kinase');
    expect(parsed.questions.length).toBeGreaterThanOrEqual(5);
    // The summary reads the <previous_summary> block: a different chain context, a different summary.
    const later = fused.parse(
      JSON.parse((await ask('Earlier passages covered rapamycin in yeast.')).message.content),
    );
    expect(later.entities).toEqual(parsed.entities);
    expect(later.summary.length).toBeGreaterThan(0);
  });

  it('streams NDJSON ending with done:true and counts calls per endpoint and model', async () => {
    sim.resetStats();
    const res = await post(sim, '/api/generate', { model: 'llama3.2', prompt: text });
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { done: boolean; response: string });
    expect(lines.at(-1)!.done).toBe(true);
    expect(lines.slice(0, -1).every((l) => !l.done)).toBe(true);
    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      byEndpointModel: Record<string, Record<string, number>>;
    };
    expect(stats.byEndpointModel['/api/generate']).toEqual({ 'llama3.2:latest': 1 });
  });

  it('injects a fault chosen by header, and faults reconfigured at runtime', async () => {
    const r = await post(
      sim,
      '/api/chat',
      { model: 'qwen2.5:7b', messages: [], stream: false },
      { 'x-sim-fault': 'http503' },
    );
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: string }).error).toMatch(/server busy/);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ default: { rate: 1, kinds: { http500: 1 } } }),
    });
    expect((await post(sim, '/api/embed', { model: 'all-minilm', input: 'x' })).status).toBe(500);
    sim.setFaults({});
    expect((await post(sim, '/api/embed', { model: 'all-minilm', input: 'x' })).status).toBe(200);
  });

  it('rolls reproducible faults from the seed', () => {
    const roll = () => {
      const p = createFaultPlanner({ seed: 7, default: { rate: 0.3 } });
      return Array.from(
        { length: 50 },
        (_, i) => p.decide('m', `req-${i % 10}`, {}, ['http500', 'drop', 'schema']).kind,
      );
    };
    const a = roll();
    expect(roll()).toEqual(a);
    const faulted = a.filter(Boolean).length;
    expect(faulted).toBeGreaterThan(5);
    expect(faulted).toBeLessThan(30);
  });
});

describe('the simulator’s OpenAI-compatible API (/v1)', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ port: 0, openai: { apiKey: 'sk-test' } });
  });
  afterAll(() => sim.close());
  const auth = { authorization: 'Bearer sk-test' };

  it('lists models, and refuses a wrong key with 401 and an OpenAI error body', async () => {
    const ok = await fetch(`${sim.url}/v1/models`, { headers: auth });
    const list = (await ok.json()) as { object: string; data: { id: string; object: string }[] };
    expect(list.object).toBe('list');
    expect(list.data.map((m) => m.id)).toContain('qwen2.5:7b');
    const bad = await fetch(`${sim.url}/v1/models`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
  });

  it('answers response_format json_schema with JSON that validates, and embeds in order', async () => {
    const res = await post(
      sim,
      '/v1/chat/completions',
      {
        model: 'qwen2.5:7b',
        messages: extractPrompt(text, BIOMEDICAL_ENTITY_TYPES),
        response_format: { type: 'json_schema', json_schema: { name: 'extract', schema: formatFor(schema) } },
      },
      auth,
    );
    const body = (await res.json()) as {
      object: string;
      choices: { message: { content: string }; finish_reason: string }[];
      usage: { prompt_tokens: number };
    };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]?.finish_reason).toBe('stop');
    expect(schema.safeParse(JSON.parse(body.choices[0]!.message.content)).success).toBe(true);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    const emb = await post(sim, '/v1/embeddings', { model: 'all-minilm', input: ['a', 'b', 'a'] }, auth);
    const vectors = ((await emb.json()) as { data: { index: number; embedding: number[] }[] }).data;
    expect(vectors.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(vectors[2]?.embedding).toEqual(vectors[0]?.embedding);
    expect(sim.stats().duplicateEmbedInputs).toBe(1);
  });

  it('streams server-sent events that end with data: [DONE]', async () => {
    const res = await post(
      sim,
      '/v1/chat/completions',
      { model: 'qwen2.5:7b', messages: [{ role: 'user', content: text }], stream: true },
      auth,
    );
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)) as { object: string });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it('has a small model’s habits: names never mentioned, relations never stated, echoed examples', async () => {
    const fused = passageSchema(BIOMEDICAL_ENTITY_TYPES);
    const ask = async (content: string) => {
      const res = await post(
        sim,
        '/v1/chat/completions',
        {
          model: 'qwen2.5:7b',
          messages: passagePrompt(content, BIOMEDICAL_ENTITY_TYPES),
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'passage', schema: formatFor(fused) },
          },
        },
        auth,
      );
      const reply = (await res.json()) as { choices: { message: { content: string } }[] };
      return fused.parse(JSON.parse(reply.choices[0]!.message.content));
    };
    const passage =
      'Metformin lowers glucose in mice. Separately, rapamycin extends lifespan in yeast. TP53 is mutated in cancer.';
    sim.setHabits({ inventName: 1, inventRelation: 1 });
    const r = await ask(passage);
    const log = sim.stats().habits;
    expect(log.inventedNames).toHaveLength(1);
    expect(passage).not.toContain(log.inventedNames[0]);
    expect(r.entities.map((e) => e.entity_name)).toContain(log.inventedNames[0]);
    const [a, b] = log.inventedPairs[0]!;
    expect(r.relationships.some((x) => x.source_entity === a && x.target_entity === b)).toBe(true);
    sim.setHabits({ echo: 1 });
    expect((await ask(passage)).entities.map((e) => e.entity_name)).toEqual(['TP53', 'mTORC1']);
    sim.setHabits({});
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { jsonSchemaOf as formatFor } from '../../src-main/core/llm/structured';
import { extractPrompt } from '../../src-main/core/llm/prompts';
import { BIOMEDICAL_ENTITY_TYPES, extractionSchema } from '../../src-main/core/llm/schemas';
import { type Sim, startSim } from '../sim/server';

/**
 * The simulator must answer in the shapes of Ollama's published OpenAPI description, and our provider must
 * send requests that fit it. The description lives in the shared folder next to the repository.
 */
const SPEC = path.resolve(process.cwd(), '../shared/data/ollama-api/openapi.yaml');
const hasSpec = fs.existsSync(SPEC);
// js-yaml comes with the lint toolchain (no YAML parser is a direct dependency).
const hasYaml = fs.existsSync(path.resolve(process.cwd(), 'node_modules/js-yaml'));
if (!hasSpec) console.warn(`[llm-sim-openapi] SKIPPED: ${SPEC} not found (the shared folder is absent).`);
else if (!hasYaml)
  console.warn('[llm-sim-openapi] SKIPPED: js-yaml is not installed, cannot read openapi.yaml.');

type Schema = Record<string, unknown>;
let spec: Schema;
let sim: Sim;

/** A validator for the JSON Schema subset the spec uses: $ref, type, properties, required, items, enum, oneOf. */
function validate(value: unknown, schema: Schema, at = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((n, k) => (n as Schema)[k], spec);
    return validate(value, target as Schema, at);
  }
  if (Array.isArray(schema.oneOf)) {
    const ok = (schema.oneOf as Schema[]).some((s) => validate(value, s, at).length === 0);
    return ok ? [] : [`${at}: matches no oneOf branch`];
  }
  const errors: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    errors.push(`${at}: ${String(value)} not in enum`);
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') errors.push(`${at}: expected string`);
      break;
    case 'integer':
      if (!Number.isInteger(value)) errors.push(`${at}: expected integer, got ${String(value)}`);
      break;
    case 'number':
      if (typeof value !== 'number') errors.push(`${at}: expected number`);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') errors.push(`${at}: expected boolean`);
      break;
    case 'array':
      if (!Array.isArray(value)) errors.push(`${at}: expected array`);
      else if (schema.items)
        value.forEach((v, i) => errors.push(...validate(v, schema.items as Schema, `${at}[${i}]`)));
      break;
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        errors.push(`${at}: expected object`);
        break;
      }
      const obj = value as Record<string, unknown>;
      for (const r of (schema.required as string[] | undefined) ?? [])
        if (!(r in obj)) errors.push(`${at}.${r}: required`);
      for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (k in obj && obj[k] !== null) errors.push(...validate(obj[k], s, `${at}.${k}`));
      }
    }
  }
  return errors;
}

function responseSchema(p: string, method: string, contentType: string): Schema {
  const paths = spec.paths as Record<string, Record<string, Schema>>;
  const responses = paths[p]![method]!.responses as Record<
    string,
    { content: Record<string, { schema: Schema }> }
  >;
  return responses['200']!.content[contentType]!.schema;
}

const componentsSchema = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

async function call(p: string, body?: unknown) {
  const res = await fetch(
    sim.url + p,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  const text = await res.text();
  const isStream = res.headers.get('content-type')?.includes('ndjson');
  return {
    status: res.status,
    json: isStream ? null : (JSON.parse(text) as unknown),
    lines: isStream
      ? text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown)
      : [],
  };
}

describe.skipIf(!hasSpec || !hasYaml)('simulator responses match Ollama openapi.yaml', () => {
  beforeAll(async () => {
    // A computed specifier keeps the untyped js-yaml out of the type graph.
    const yamlModule = 'js-yaml';
    const yaml = (await import(yamlModule)) as { load(text: string): unknown };
    spec = yaml.load(fs.readFileSync(SPEC, 'utf8')) as Schema;
    sim = await startSim({ port: 0 });
  });
  afterAll(() => sim?.close());

  const schema = extractionSchema(BIOMEDICAL_ENTITY_TYPES);
  const chatBody = {
    model: 'qwen2.5:7b',
    messages: extractPrompt('TP53 is mutated in cancer.', BIOMEDICAL_ENTITY_TYPES),
    format: formatFor(schema),
  };

  it('GET endpoints (and the validator does reject wrong shapes)', async () => {
    expect(
      validate(
        { done: 'yes', message: { role: 'bot' } },
        responseSchema('/api/chat', 'post', 'application/json'),
      ),
    ).toHaveLength(2);
    expect(
      validate((await call('/api/version')).json, responseSchema('/api/version', 'get', 'application/json')),
    ).toEqual([]);
    const tags = await call('/api/tags');
    expect(validate(tags.json, responseSchema('/api/tags', 'get', 'application/json'))).toEqual([]);
    expect((tags.json as { models: unknown[] }).models.length).toBeGreaterThan(0);
  });

  it('/api/show, /api/embed and error bodies', async () => {
    expect(
      validate(
        (await call('/api/show', { model: 'qwen2.5:7b' })).json,
        responseSchema('/api/show', 'post', 'application/json'),
      ),
    ).toEqual([]);
    const emb = await call('/api/embed', { model: 'all-minilm', input: ['a', 'b'] });
    expect(validate(emb.json, responseSchema('/api/embed', 'post', 'application/json'))).toEqual([]);
    const missing = await call('/api/chat', { model: 'nope', messages: [] });
    expect(missing.status).toBe(404);
    expect(validate(missing.json, { ...componentsSchema('ErrorResponse') })).toEqual([]);
    expect(missing.json).toEqual({ error: expect.stringMatching(/not found/) });
  });

  it('/api/chat and /api/generate, streamed and not', async () => {
    const plain = await call('/api/chat', { ...chatBody, stream: false });
    expect(validate(plain.json, responseSchema('/api/chat', 'post', 'application/json'))).toEqual([]);
    expect(
      schema.safeParse(JSON.parse((plain.json as { message: { content: string } }).message.content)).success,
    ).toBe(true);
    const streamed = await call('/api/chat', chatBody);
    for (const line of streamed.lines)
      expect(validate(line, responseSchema('/api/chat', 'post', 'application/x-ndjson'))).toEqual([]);
    expect(streamed.lines.at(-1)).toMatchObject({ done: true, done_reason: 'stop' });
    const gen = await call('/api/generate', {
      model: 'qwen2.5:7b',
      prompt: 'Why is the sky blue?',
      stream: false,
    });
    expect(validate(gen.json, responseSchema('/api/generate', 'post', 'application/json'))).toEqual([]);
    const genStream = await call('/api/generate', { model: 'qwen2.5:7b', prompt: 'Why is the sky blue?' });
    for (const line of genStream.lines)
      expect(validate(line, responseSchema('/api/generate', 'post', 'application/x-ndjson'))).toEqual([]);
  });

  it('/api/pull progress', async () => {
    const pull = await call('/api/pull', { model: 'gemma3:4b' });
    for (const line of pull.lines) expect(validate(line, componentsSchema('StatusEvent'))).toEqual([]);
    expect(pull.lines.at(-1)).toEqual({ status: 'success' });
    expect(
      validate(
        (await call('/api/pull', { model: 'gemma3:4b', stream: false })).json,
        componentsSchema('StatusResponse'),
      ),
    ).toEqual([]);
  });

  it("the provider's requests match ChatRequest and EmbedRequest", async () => {
    const sent: { url: string; body: unknown }[] = [];
    const orig = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (init?.body) sent.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return orig(input, init);
    }) as typeof fetch;
    try {
      const p = createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
      await p.chat({ messages: chatBody.messages, schema });
      for await (const _t of p.stream({ messages: [{ role: 'user', content: 'hello there' }] }));
      await p.embed(['x', 'y']);
    } finally {
      globalThis.fetch = orig;
    }
    const of = (suffix: string) => sent.filter((s) => s.url.endsWith(suffix)).map((s) => s.body);
    expect(of('/api/chat')).toHaveLength(2);
    for (const b of of('/api/chat')) expect(validate(b, componentsSchema('ChatRequest'))).toEqual([]);
    for (const b of of('/api/embed')) expect(validate(b, componentsSchema('EmbedRequest'))).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient, type PullProgress, type RpcClient } from '../../src-main/contract';
import { bootCore } from '../../src-main/core/boot';
import type { Core } from '../../src-main/core/create-core';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createDispatcher } from '../../src-main/rpc/dispatch';
import { createInMemoryTransport } from '../../src-main/rpc/transports/in-memory';
import { closedPort } from '../sim/ports';
import { startSim, type Sim } from '../sim/server';

describe('llm:* methods through the dispatcher, Ollama over the simulator', () => {
  let sim: Sim;
  let core: Core;
  let client: RpcClient;

  beforeAll(async () => {
    sim = await startSim({ port: 0 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-llm-h-'));
    ({ core } = await bootCore({
      dataDir,
      llm: 'auto',
      ollamaUrl: sim.url,
      host: 'test',
      version: 't',
      log: createMemoryLogger(),
    }));
    client = createRpcClient(createInMemoryTransport(createDispatcher(core.handlers)));
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('auto picks Ollama when it answers, and lists models with a recommendation', async () => {
    expect(core.deps.llm.name).toBe('ollama');
    const list = await client.call('llm:models', {});
    expect(list.models.length).toBeGreaterThan(0);
    expect(list.recommended.chat).toBeTruthy();
    expect(list.recommended.embed).toBeTruthy();
  });

  it('pulls a model, streaming progress to the caller', async () => {
    const seen: PullProgress[] = [];
    const done = await client.call(
      'llm:pull',
      { model: 'tiny-chat:latest' },
      { onItem: (p) => seen.push(p) },
    );
    expect(done.status).toBe('success');
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)?.status).toBe('success');
  });

  it('tests a dead connection with a plain-words fix', async () => {
    const port = await closedPort();
    const r = await client.call('llm:test-connection', { host: `http://127.0.0.1:${port}` });
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/not running/i);
    const ok = await client.call('llm:test-connection', {});
    expect(ok.ok).toBe(true);
  });

  it('counts calls by outcome', async () => {
    const stats = await client.call('llm:stats', {});
    expect(stats.calls).toBeGreaterThanOrEqual(0);
    expect(Object.keys(stats.byOutcome)).toContain('schema-invalid');
  });
});

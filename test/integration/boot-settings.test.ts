import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootCore } from '../../src-main/core/boot';
import { decideLlm, desktopBootOptions } from '../../src-main/core/boot-settings';
import { createMemoryLogger } from '../../src-main/core/deps';
import { closedPort } from '../sim/ports';
import { type Sim, startSim } from '../sim/server';

/**
 * The desktop shell's boot path without Electron: `electron/main.ts` boots with `desktopBootOptions(env,
 * dataDir)`, so a library's saved provider and models must be the ones in use at its next start.
 */
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-boot-'));
const configDir = tmp();

async function bootDesktop(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const { core } = await bootCore({
    ...desktopBootOptions(env, dataDir),
    host: 'electron',
    version: 't',
    log: createMemoryLogger(),
    configDir,
  });
  return core;
}

describe('the desktop shell boots from the library’s saved settings', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim?.close());

  it('a provider and models saved in Settings are the ones used at the next start', async () => {
    const dataDir = tmp();
    // First start: nothing saved, no model server configured → the default (auto), here the built-in engine.
    const first = await bootDesktop(dataDir, { OLLAMA_HOST: `127.0.0.1:${await closedPort()}` });
    expect(first.deps.llm.name).toBe('builtin');
    const saved = await first.handlers['settings:set'](
      {
        provider: 'openai',
        baseUrl: `${sim.url}/v1`,
        chatModel: 'llama3.2:latest',
        embedModel: 'all-minilm:latest',
      },
      { signal: new AbortController().signal, emit: () => undefined },
    );
    // Honest: it does not apply to the running core, and it says the server answers.
    expect(saved.effect).toMatchObject({ applied: 'next-start', ok: true });
    expect(saved.effect?.message).toMatch(/next start/);
    await first.close();

    const next = await bootDesktop(dataDir);
    try {
      expect(next.deps.llm.name).toBe('openai');
      expect(next.deps.llm.chatModel).toBe('llama3.2:latest');
      expect(next.deps.llm.embedModel).toBe('all-minilm:latest');
      const health = await next.health();
      expect(health.providerReason).toBe('saved in Settings');
    } finally {
      await next.close();
    }
  });

  it('the environment overrides what is saved, and says so', async () => {
    const dataDir = tmp();
    fs.writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, embedding: null, app: { provider: 'ollama', host: sim.url } }),
    );
    const core = await bootDesktop(dataDir, { ARIADNE_LLM: 'builtin' });
    try {
      expect(core.deps.llm.name).toBe('builtin');
      expect((await core.health()).providerReason).toBe('ARIADNE_LLM in the environment');
    } finally {
      await core.close();
    }
  });

  it('a saved provider whose server is down opens on the built-in engine and says why', async () => {
    const dataDir = tmp();
    const host = `http://127.0.0.1:${await closedPort()}`;
    fs.writeFileSync(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, embedding: null, app: { provider: 'ollama', host } }),
    );
    const core = await bootDesktop(dataDir);
    try {
      expect(core.deps.llm.name).toBe('builtin');
      const reason = (await core.health()).providerReason ?? '';
      expect(reason).toContain(`Ollama is not running at ${host}`);
      expect(reason).toContain('saved in Settings');
      // Saving something else keeps the saved choice (Ollama), not the fallback now running.
      const s = await core.handlers['settings:set'](
        { chunkTokens: 900 },
        { signal: new AbortController().signal, emit: () => undefined },
      );
      expect(s.provider).toBe('ollama');
      expect(s.effect).toBeUndefined();
    } finally {
      await core.close();
    }
  });
});

describe('decideLlm', () => {
  const saved = {
    provider: 'ollama' as const,
    host: 'http://lab:11434',
    chatModel: 'qwen2.5:14b',
    embedModel: null,
  };
  it('takes flags over saved settings over defaults, and saved models only for the saved provider', () => {
    expect(decideLlm(null, {}, null)).toMatchObject({ kind: 'auto', reason: 'the default', strict: false });
    expect(decideLlm(saved, {}, null)).toMatchObject({
      kind: 'ollama',
      host: 'http://lab:11434',
      chatModel: 'qwen2.5:14b',
      reason: 'saved in Settings',
      strict: false,
    });
    const flag = decideLlm(
      saved,
      { llm: 'openai', llmSource: '--llm on the command line', baseUrl: 'http://x/v1' },
      'k',
    );
    expect(flag).toMatchObject({
      kind: 'openai',
      baseUrl: 'http://x/v1',
      chatModel: null,
      apiKey: 'k',
      strict: true,
    });
    expect(decideLlm(saved, { chatModel: 'llama3.1:8b' }, null).chatModel).toBe('llama3.1:8b');
    expect(decideLlm(saved, { apiKey: 'given' }, 'stored').apiKey).toBe('given');
  });
});

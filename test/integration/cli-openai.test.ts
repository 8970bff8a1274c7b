import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures } from '../fixtures/make-fixtures';
import { type Sim, startSim } from '../sim/server';

// `ingest` and `ask` end to end through the BUILT command against an OpenAI-compatible server (the simulator's
// /v1, with a key): chat and embeddings both served there, and the key in no output and no log.
const built = fs.existsSync('out/main/cli.js');
const tmp = (prefix = 'ariadne-openai-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const KEY = 'sk-ariadne-7f3c9e1d5b2a';

/** Asynchronous: the simulator answers from this very process while the command runs. */
function ariadne(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/ariadne.js', ...args], {
      env: { ...process.env, ARIADNE_CONFIG_DIR: configDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

let configDir: string;

function allText(dir: string): string {
  let text = '';
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.statSync(file).size < 20_000_000) text += fs.readFileSync(file).toString('latin1');
  }
  return text;
}

describe.skipIf(!built)('ariadne against an OpenAI-compatible server (built)', () => {
  let sim: Sim;
  let paper: string;
  beforeAll(async () => {
    configDir = tmp('ariadne-openai-config-');
    sim = await startSim({ openai: { apiKey: KEY } });
    const fx = await makeFixtures(tmp('ariadne-openai-fx-'));
    paper = fx.papers.find((p) => p.file.endsWith('tp53-metformin.pdf'))!.file;
  }, 60_000);
  afterAll(() => sim?.close());

  it('ingests and answers with chat and embeddings served there, and the key appears in no log', async () => {
    const data = tmp();
    const base = ['--data', data, '--llm', 'openai', '--base-url', `${sim.url}/v1`, '--verbose'];
    const ingest = await ariadne([...base, '--api-key', KEY, 'ingest', paper]);
    expect(ingest.err).not.toMatch(/error/i);
    expect(ingest.code).toBe(0);
    expect(ingest.out).toMatch(/^done +tp53-metformin\.pdf/m);
    // The key from the environment this time.
    const ask = await ariadne([...base, 'ask', 'What does metformin activate?'], { ARIADNE_API_KEY: KEY });
    expect(ask.code).toBe(0);
    expect(ask.out).toMatch(/\[1\]/);
    const s = sim.stats();
    expect(s.byEndpoint['/v1/chat/completions']).toBeGreaterThan(0);
    expect(s.byEndpoint['/v1/embeddings']).toBeGreaterThan(0);
    expect(Object.keys(s.byEndpoint).filter((e) => e.startsWith('/api/'))).toEqual([]);
    for (const text of [ingest.out, ingest.err, ask.out, ask.err, allText(data)])
      expect(text).not.toContain(KEY);
    expect(allText(path.join(data, 'logs'))).toMatch(/"provider":"openai"/);
  }, 240_000);

  it('a wrong key fails at once with what to do, without echoing it', async () => {
    const data = tmp();
    const r = await ariadne([
      '--data',
      data,
      '--llm',
      'openai',
      '--base-url',
      `${sim.url}/v1`,
      '--api-key',
      'sk-wrong-0000',
      'ask',
      'hi',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refused the API key \(401\)/);
    expect(r.err).toContain('--api-key');
    expect(r.err + r.out + allText(data)).not.toContain('sk-wrong-0000');
  }, 120_000);
});

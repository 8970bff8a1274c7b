import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sim, startSim } from '../sim/server';

const run = promisify(execFile);
const built = fs.existsSync('out/main/cli.js');

/** Runs the built CLI; resolves with its output and exit code instead of throwing on a non-zero exit. */
async function ariadne(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await run(process.execPath, ['bin/ariadne.js', ...args], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, out: `${err.stdout}${err.stderr}` };
  }
}

// Regression: after the faults stopped, `ingest` on a partially failed document made no model call and
// exited 1; only the API could retry. Now `ingest` retries its failed passages, and so does `retry`.
describe.skipIf(!built)('retrying failed passages from the CLI (built)', () => {
  let sim: Sim;
  let dir: string;
  let common: string[];
  beforeAll(async () => {
    sim = await startSim();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-retry-'));
    fs.writeFileSync(
      path.join(dir, 'note.md'),
      '# Fasting note\n\nAMPK activates PGC-1alpha in skeletal muscle during fasting.\n',
    );
    fs.writeFileSync(
      path.join(dir, 'other.md'),
      '# Second note\n\nMetformin lowers hepatic glucose output.\n',
    );
    common = ['--data', path.join(dir, 'lib'), '--llm', 'ollama', '--ollama', sim.url];
    common.push('--chat-model', 'qwen2.5:7b', '--embed-model', 'all-minilm');
  });
  afterAll(() => sim?.close());

  it('ingest and retry finish partially failed documents once the model answers again', async () => {
    sim.setFaults({ seed: 3, models: { 'qwen2.5:7b': { rate: 1, kinds: { schema: 1 } } } });
    const first = await ariadne([...common, 'ingest', path.join(dir, 'note.md'), path.join(dir, 'other.md')]);
    expect(first.code, first.out).toBe(1);
    expect(first.out).toMatch(/partially_failed\s+note\.md/);
    expect(first.out).toMatch(/partially_failed\s+other\.md/);

    sim.setFaults({});
    const calls = sim.stats().calls;
    const again = await ariadne([...common, 'ingest', path.join(dir, 'note.md')]);
    expect(again.out).toMatch(/done\s+note\.md \(failed passages retried\)/);
    expect(again.code, again.out).toBe(0);
    expect(sim.stats().calls).toBeGreaterThan(calls);

    const retry = await ariadne([...common, 'retry']);
    expect(retry.out).toMatch(/done\s+other\.md/);
    expect(retry.code, retry.out).toBe(0);
    const none = await ariadne([...common, 'retry', 'missing.md']);
    expect(none.out).toMatch(/unknown\s+missing\.md/);
    expect(none.code).toBe(1);
  });
});

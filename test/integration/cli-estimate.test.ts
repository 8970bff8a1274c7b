import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sim, startSim } from '../sim/server';

const run = promisify(execFile);
// The BUILT command, as a user runs it; `script` (util-linux) gives it a real terminal to ask on.
const built = fs.existsSync('out/main/cli.js');
const SCRIPT = '/usr/bin/script';

async function ariadne(args: string[], opts: { tty?: boolean; input?: string } = {}) {
  const argv = [path.resolve('bin/ariadne.js'), ...args];
  const quoted = [process.execPath, ...argv].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = opts.tty
    ? run('/bin/sh', ['-c', `printf '${opts.input ?? ''}' | ${SCRIPT} -qec "${quoted}" /dev/null`])
    : run(process.execPath, argv);
  try {
    const r = await child;
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout}${err.stderr}` };
  }
}

/**
 * `ariadne ingest` shows the batch's estimate; above Settings' limit it asks on a terminal, and "n" adds
 * nothing. Without a terminal it says it is not asking and goes on (a script must never hang on a prompt).
 */
describe.skipIf(!built || !fs.existsSync(SCRIPT))('the estimate in `ariadne ingest` (built)', () => {
  let sim: Sim;
  let dir: string;
  let common: string[];
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 5, default: { latencyMs: 20 } } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-estimate-'));
    fs.writeFileSync(path.join(dir, 'note.md'), '# Note\n\nMetformin activates AMPK in hepatocytes.\n');
    const data = path.join(dir, 'lib');
    fs.mkdirSync(data);
    // Always ask: any batch read by a model is over 0 minutes.
    fs.writeFileSync(
      path.join(data, 'settings.json'),
      JSON.stringify({ version: 1, app: { confirmAboveMinutes: 0 } }),
    );
    common = ['--data', data, '--llm', 'ollama', '--ollama', sim.url];
    common.push('--chat-model', 'qwen2.5:7b', '--embed-model', 'all-minilm');
  });
  afterAll(() => sim?.close());

  const documents = async () => {
    const r = await ariadne([...common, 'status', '--json']);
    return (JSON.parse(r.out) as { documents: unknown[] }).documents.length;
  };

  it('asks on a terminal, and "n" adds nothing', async () => {
    const r = await ariadne([...common, 'ingest', path.join(dir, 'note.md')], { tty: true, input: 'n\\n' });
    expect(r.out).toMatch(
      /Estimate: 1 document, ~1 passage: ~1 model call, ~[\d.]+k? tokens, ~\d+ s with qwen2\.5:7b/,
    );
    expect(r.out).toContain('Index them? [y/N]');
    expect(r.out).toContain('Cancelled: nothing was added.');
    expect(r.code, r.out).toBe(0);
    expect(await documents()).toBe(0);
  }, 120_000);

  it('without a terminal it does not ask and goes on', async () => {
    const r = await ariadne([...common, 'ingest', path.join(dir, 'note.md')]);
    expect(r.out).toContain('not a terminal, so going on without asking');
    expect(r.out).not.toContain('Index them?');
    expect(r.code, r.out).toBe(0);
    expect(await documents()).toBe(1);
  }, 120_000);

  it('with nobody to ask, an untimed model is not probed: one chat call for the one passage', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cli-estimate-fresh-'));
    const fresh = ['--data', data, ...common.slice(2)];
    sim.resetStats();
    const r = await ariadne([...fresh, 'ingest', path.join(dir, 'note.md')]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('speed assumed: the model has not been timed yet');
    expect(sim.stats().byEndpoint['/api/chat']).toBe(1);
  }, 120_000);
});

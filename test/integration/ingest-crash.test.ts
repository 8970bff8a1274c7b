import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalDump, openLibrary } from '../../src-main/core/library';
import { systemClock, createMemoryLogger } from '../../src-main/core/deps';
import { type Sim, startSim } from '../sim/server';
import { corpusPaths, tempDir } from './ingest/harness';

const CHILD = path.resolve(import.meta.dirname, 'ingest/crash-child.ts');
const ROUNDS = Number(process.env.ARIADNE_CRASH_ROUNDS ?? 20);

const llmCalls = (sim: Sim) =>
  (sim.stats().byEndpoint['/api/chat'] ?? 0) + (sim.stats().byEndpoint['/api/embed'] ?? 0);

/** Runs the child; kills it with SIGKILL after `killAfterMs` (if given). Resolves with whether it finished. */
function runChild(
  dataDir: string,
  sim: Sim,
  paths: string[],
  killAfterMs?: number,
): Promise<{ done: boolean; inFlight: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sim.url, ...paths], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let inFlight = 0;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', () => undefined);
    const timer =
      killAfterMs === undefined
        ? null
        : setTimeout(() => {
            inFlight = sim.stats().inFlight;
            child.kill('SIGKILL');
          }, killAfterMs);
    child.on('exit', () => {
      if (timer) clearTimeout(timer);
      resolve({ done: out.includes('DONE'), inFlight });
    });
  });
}

async function dump(dataDir: string) {
  const lib = await openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger() });
  try {
    const d = await canonicalDump(lib);
    return { ...d, documents: d.documents.map(({ originalPath: _o, ...rest }) => rest) };
  } finally {
    await lib.close();
  }
}

describe('ingest survives SIGKILL', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 3, default: { latencyMs: 60 } } });
  });
  afterAll(() => sim.close());

  it(`completes every job after ${ROUNDS} random kills, with no duplicates and no repeated finished calls`, async () => {
    const paths = (await corpusPaths()).slice(0, 3);
    const clean = tempDir();
    sim.resetStats();
    expect((await runChild(clean, sim, paths)).done).toBe(true);
    const cleanCalls = llmCalls(sim);
    const expected = await dump(clean);

    const dir = tempDir();
    sim.resetStats();
    let inFlightAtKills = 0;
    let rng = 12345;
    const rand = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let finished = false;
    for (let round = 0; round < ROUNDS && !finished; round++) {
      // Startup (tsx, Kùzu, LanceDB) takes ~2–3 s; kill somewhere in and after it.
      const r = await runChild(dir, sim, paths, 2200 + Math.floor(rand() * 2500));
      inFlightAtKills += r.inFlight;
      finished = r.done;
    }
    if (!finished) expect((await runChild(dir, sim, paths)).done).toBe(true);
    const repeated = llmCalls(sim) - cleanCalls;
    expect(repeated).toBeLessThanOrEqual(inFlightAtKills);
    const got = await dump(dir);
    expect(got.chunkIds).toEqual(expected.chunkIds);
    expect(got.mentions.length).toBe(expected.mentions.length);
    expect(got.evidence.length).toBe(expected.evidence.length);
    expect(got).toEqual(expected);
    console.log(
      `crash: ${ROUNDS} rounds, ${cleanCalls} calls clean, ${repeated} repeated, ${inFlightAtKills} in flight at kills`,
    );
  }, 170_000);
});

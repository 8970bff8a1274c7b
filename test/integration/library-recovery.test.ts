import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger, systemClock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import { type Sim, startSim } from '../sim/server';
import { built, runBuiltCli } from './helpers/built-cli';
import { fixtureFiles, ingestionDump } from './ingest/harness';

/**
 * Recoverable libraries, end to end through the built CLI and the model-server simulator: a library read
 * by a model (two documents, then a snapshot before the next batch, then a third) loses its WAL, a block
 * of its graph or its vectors; `doctor` names what is damaged each time, and `repair` brings back a
 * library equal to the one before without a single model call (the kept replies answer them). `restore`
 * goes back to the snapshot.
 */

const ariadne = (args: string[]) => runBuiltCli(args, 240_000);

async function dumpOf(dataDir: string) {
  const lib = await openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger() });
  try {
    return await ingestionDump(lib);
  } finally {
    await lib.close();
  }
}

function damageBlock(file: string, block: number) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, block * 4096);
  fs.closeSync(fd);
}

const copyLibrary = (from: string) => {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-recover-'));
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  return to;
};

describe.skipIf(!built)('damaged libraries come back (built CLI, simulator)', () => {
  let sim: Sim;
  let lib: string;
  let model: string[];
  let before: Awaited<ReturnType<typeof dumpOf>>;
  // Model calls: chat and embeddings (a provider's start also asks for the version, models and their sizes).
  const calls = () => {
    const by = sim.stats().byEndpoint;
    return (by['/api/chat'] ?? 0) + (by['/api/embed'] ?? 0);
  };

  beforeAll(async () => {
    sim = await startSim();
    const f = await fixtureFiles();
    lib = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-recovery-'));
    model = [
      '--llm',
      'ollama',
      '--ollama',
      sim.url,
      '--chat-model',
      'qwen2.5:7b',
      '--embed-model',
      'all-minilm',
    ];
    const first = await ariadne(['--data', lib, ...model, 'ingest', '--yes', f.txt, f.md]);
    expect(first.code, first.out).toBe(0);
    // The second batch is preceded by a snapshot of the first; its document lives only in the originals,
    // the graph and the kept replies.
    const second = await ariadne(['--data', lib, ...model, 'ingest', '--yes', f.papers[0]!.file]);
    expect(second.code, second.out).toBe(0);
    const snaps = await ariadne(['--data', lib, 'snapshot', '--list', '--json']);
    expect(
      (JSON.parse(snaps.out) as { snapshots: { documents: number }[] }).snapshots.map((s) => s.documents),
    ).toEqual([2]);
    before = await dumpOf(lib);
    expect(before.documents).toHaveLength(3);
  }, 600_000);
  afterAll(() => sim?.close());

  const damages: [string, (dir: string) => void, RegExp][] = [
    ['a deleted WAL', (dir) => fs.rmSync(path.join(dir, 'graph.kuzu.wal')), /graph is behind its record/],
    [
      'a damaged block of the graph',
      (dir) => damageBlock(path.join(dir, 'graph.kuzu'), 40),
      /the graph is damaged/,
    ],
    [
      'deleted vectors',
      (dir) => fs.rmSync(path.join(dir, 'vectors'), { recursive: true }),
      /vector index lacks/,
    ],
  ];

  it.each(damages)(
    '%s: doctor says so, repair brings the library back with no model call',
    async (_n, damage, says) => {
      const dir = copyLibrary(lib);
      damage(dir);
      const doctor = await ariadne(['--data', dir, ...model, 'doctor']);
      expect(doctor.signal, doctor.out).toBeNull();
      expect(doctor.code, doctor.out).toBe(1);
      expect(doctor.out).toMatch(says);
      expect(doctor.out).toMatch(/ariadne repair/);

      const callsBefore = calls();
      const statsBefore = JSON.stringify(sim.stats().byEndpoint);
      const repair = await ariadne(['--data', dir, ...model, 'repair']);
      expect(repair.code, repair.out).toBe(0);
      expect(
        calls() - callsBefore,
        `${statsBefore} ${JSON.stringify(sim.stats().byEndpoint)} ${repair.out}`,
      ).toBe(0);
      expect(repair.out).toMatch(/model calls made: 0/);
      expect(await dumpOf(dir)).toEqual(before);

      const after = await ariadne(['--data', dir, ...model, 'doctor']);
      expect(after.out).not.toMatch(/✗/);
    },
  );

  it('restore goes back to the snapshot, and sets aside what it replaced', async () => {
    const dir = copyLibrary(lib);
    const restored = await ariadne(['--data', dir, 'restore', 'latest']);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/What it replaced is in .*replaced-/);
    expect((await dumpOf(dir)).documents).toHaveLength(2);
  });
});

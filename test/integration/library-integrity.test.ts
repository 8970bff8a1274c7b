import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { built, runBuiltCli } from './helpers/built-cli';
import { fixtureFiles } from './ingest/harness';

/**
 * A damaged graph must be named, never crash a command and never open rolled back. Found by a probe: one
 * damaged 4 KB block of graph.kuzu made every command, doctor included, die with SIGSEGV; a deleted,
 * truncated or rewritten WAL opened an older library silently (an empty one, documents back to queued);
 * a leftover checkpoint backup was applied on open and emptied a library. Run through the built CLI: a
 * crash must show as a crash, not take the test runner with it.
 */

const ariadne = (args: string[]) => runBuiltCli(['--llm', 'builtin', ...args]);

/** Overwrites one 4 KB block of `file` with bytes that are not a Kùzu page. */
function damageBlock(file: string, block: number) {
  const fd = fs.openSync(file, 'r+');
  const junk = Buffer.alloc(4096);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + block * 17) & 0xff;
  fs.writeSync(fd, junk, 0, junk.length, block * 4096);
  fs.closeSync(fd);
}

const copyLibrary = (from: string) => {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-damaged-'));
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  return to;
};

describe.skipIf(!built)('a damaged graph (built CLI)', () => {
  let lib: string;
  let early: string;
  let documents = 0;
  beforeAll(async () => {
    const f = await fixtureFiles();
    lib = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-integrity-'));
    expect((await ariadne(['--data', lib, 'ingest', '--yes', f.txt])).code).toBe(0);
    // The library after its first document: a checkpoint backup from this moment is stale later on.
    early = copyLibrary(lib);
    // Every paper: the damage cases below need a WAL of more than 40 KB to cut and overwrite.
    const more = await ariadne(['--data', lib, 'ingest', '--yes', ...f.papers.map((p) => p.file), f.md]);
    documents = f.papers.length + 2;
    expect(more.code, more.out).toBe(0);
    expect(fs.statSync(path.join(lib, 'graph.kuzu.wal')).size).toBeGreaterThan(64 * 1024);
  });

  const damages: [string, (dir: string) => void, RegExp][] = [
    [
      'one damaged block of graph.kuzu',
      (dir) => damageBlock(path.join(dir, 'graph.kuzu'), 60),
      /graph\.kuzu changed while the library was closed, and the graph database (crashed \(SIGSEGV\)|failed)/,
    ],
    [
      'a deleted WAL',
      (dir) => fs.rmSync(path.join(dir, 'graph.kuzu.wal')),
      /graph\.kuzu\.wal is missing .*the last \d+ are missing/,
    ],
    [
      'a truncated WAL',
      (dir) => fs.truncateSync(path.join(dir, 'graph.kuzu.wal'), 40_000),
      /graph\.kuzu\.wal is shorter than it was .*the last \d+ are missing/,
    ],
    [
      'a WAL damaged in place',
      (dir) => damageBlock(path.join(dir, 'graph.kuzu.wal'), 8),
      /graph\.kuzu\.wal was rewritten while the library was closed/,
    ],
  ];

  it.each(damages)('%s: every command says so and opens nothing', async (_name, damage, says) => {
    const dir = copyLibrary(lib);
    damage(dir);
    const before = fs.readdirSync(dir).sort();
    for (const cmd of [['status'], ['search', 'metformin']]) {
      const r = await ariadne(['--data', dir, ...cmd]);
      expect(r.signal, r.out).toBeNull();
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/The library's graph is damaged/);
      expect(r.out).toMatch(says);
      expect(r.out).toMatch(/ariadne repair/);
    }
    // Nothing was written to the damaged library: no checkpoint, no new state.
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  it('sets a stale checkpoint backup aside instead of applying it', async () => {
    const dir = copyLibrary(lib);
    const backup = path.join(dir, 'graph.kuzu.checkpoint-backup');
    fs.mkdirSync(backup);
    fs.copyFileSync(path.join(early, 'graph.kuzu'), path.join(backup, 'graph.kuzu'));
    fs.copyFileSync(path.join(early, 'graph.kuzu.wal'), path.join(backup, 'graph.kuzu.wal'));
    fs.writeFileSync(path.join(backup, 'complete'), '');
    const r = await ariadne(['--data', dir, 'status']);
    expect(r.code, r.out).toBe(0);
    expect(r.out.match(/^done /gm)).toHaveLength(documents);
    expect(fs.existsSync(backup)).toBe(false);
    expect(
      fs.readdirSync(dir).filter((n) => n.startsWith('graph.kuzu.checkpoint-backup.set-aside-')),
    ).toHaveLength(1);
  });
});

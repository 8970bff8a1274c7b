import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AriadneError } from '../../src-main/contract/errors';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { built, runBuiltCli } from './helpers/built-cli';
import { ctx, fixtureFiles, openCore, tempDir } from './ingest/harness';

/**
 * A full disk once ended `serve` and the CLI with an unhandled "Graph query failed: IO exception: Cannot
 * write to file … graph.kuzu.wal": the scheduler's failure path wrote the job's status again, failed
 * again, and nothing handled that rejection. Kùzu itself sometimes aborts the process on a full disk
 * (`terminate called after throwing kuzu::common::IOException`), so writes stop short of it.
 */

const ariadne = (args: string[]) => runBuiltCli(['--llm', 'builtin', ...args]);

/** A small tmpfs of our own: a real full disk without filling the machine's. Needs root. */
function mountSmallDisk(): { dir: string; unmount(): void } | null {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-small-disk-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    fs.rmdirSync(dir);
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the file system holding `dir` until `leaveKb` KB are free. */
function fillDisk(dir: string, leaveKb: number): string {
  const s = fs.statfsSync(dir);
  const freeKb = Math.floor((s.bavail * s.bsize) / 1024);
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let left = freeKb - leaveKb; left > 0; left -= 1024)
    fs.writeSync(fd, block, 0, Math.min(block.length, left * 1024));
  fs.closeSync(fd);
  return filler;
}

const disk = built ? mountSmallDisk() : null;
if (!disk)
  console.warn(
    'disk-full.test: the real full-disk case is skipped (it needs root to mount a 128 MB tmpfs, and a build)',
  );

describe.skipIf(!disk)('a real full disk (128 MB tmpfs)', () => {
  let lib: string;
  let papers: string;
  beforeAll(async () => {
    lib = path.join(disk!.dir, 'library');
    papers = tempDir('ariadne-full-papers-');
    const f = await fixtureFiles();
    const note = fs.readFileSync(f.txt, 'utf8');
    for (let i = 0; i < 12; i++)
      fs.writeFileSync(path.join(papers, `note-${i}.txt`), note.replaceAll('TP53', `TP5${i}`).repeat(60));
    fs.copyFileSync(f.papers[0]!.file, path.join(papers, 'paper.pdf'));
    expect((await ariadne(['--data', lib, 'ingest', '--yes', f.md])).code).toBe(0);
  });
  afterAll(() => disk?.unmount());

  it('ends the ingest with a clear message, keeps the library, and resumes once there is room', async () => {
    // 33 MB free, 1 MB above the store's reserve: the batch is imported, its originals (1.2 MB) take the rest.
    const filler = fillDisk(disk!.dir, 33_000);
    const full = await ariadne(['--data', lib, 'ingest', '--yes', papers]);
    expect(full.signal, full.out).toBeNull();
    expect(full.code, full.out).toBe(1);
    expect(full.out).toMatch(/The disk holding the library is full \(\d+ MB free\)/);
    expect(full.out).toMatch(/Free some space on the disk/);
    expect(full.out).not.toMatch(/Unhandled|terminate called|IO exception/);

    const status = await ariadne(['--data', lib, 'status']);
    expect(status.code, status.out).toBe(0);
    expect(status.out).toMatch(/done\s+notes\.md/);

    fs.rmSync(filler);
    const again = await ariadne(['--data', lib, 'ingest', '--yes', papers]);
    expect(again.code, again.out).toBe(0);
    expect(again.out.match(/^done /gm)).toHaveLength(13);
  });
});

describe('a store that fails while a job ends', () => {
  it('stops the queue with the store’s error, loses nothing, and goes on when resumed', async () => {
    const f = await fixtureFiles();
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      const jobs = core.stores.jobs;
      const upsert = jobs.upsertJobs.bind(jobs);
      let failing = false;
      // Every job status write fails once the job is running: the failure path writes one too.
      jobs.upsertJobs = async (rows) => {
        if (failing) throw new AriadneError('disk_full', 'The disk is full: free some space and retry.');
        await upsert(rows);
        if (rows.some((r) => r.status === 'running')) failing = true;
      };
      const { added } = await core.handlers['library:import']({ paths: [f.txt] }, ctx());
      const ids = added.map((a) => a.id);
      await expect(core.ingest.waitFor(ids)).rejects.toMatchObject({ code: 'disk_full' });
      expect(core.ingest.status()).toMatchObject({ paused: true, running: 0, queued: 1 });

      failing = false;
      jobs.upsertJobs = upsert;
      core.ingest.resume();
      const done = await core.ingest.waitFor(ids);
      expect(done.map((j) => j.status)).toEqual(['done']);
    } finally {
      await core.close();
    }
  });
});

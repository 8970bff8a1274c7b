import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest, open, tempDir } from './helpers/store-fixtures';
import { syntheticDoc } from './helpers/store-synthetic';

const CHILD = path.join(import.meta.dirname, 'helpers', 'store-crash-child.ts');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('library lock', () => {
  it('a second process gets library_locked naming the owner; the first keeps working', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    try {
      await ingest(lib, syntheticDoc(1));
      const probe = spawnSync(process.execPath, ['--import', 'tsx', CHILD, dir, 'probe'], {
        encoding: 'utf8',
      });
      const out = JSON.parse(probe.stdout.trim().split('\n').pop()!);
      expect(out).toMatchObject({ ok: false, code: 'library_locked' });
      expect(out.message).toContain(`process ${process.pid}`);
      await ingest(lib, syntheticDoc(2));
      expect((await lib.graph.counts()).documents).toBe(2);
    } finally {
      await lib.close();
    }
    // Released on close: another process may open it now.
    const again = spawnSync(process.execPath, ['--import', 'tsx', CHILD, dir, 'probe'], { encoding: 'utf8' });
    expect(JSON.parse(again.stdout.trim().split('\n').pop()!)).toEqual({ ok: true });
  });

  it('the same process cannot open a library twice, and close is idempotent', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    await expect(open(dir)).rejects.toMatchObject({ code: 'library_locked' });
    await Promise.all([lib.close(), lib.close()]);
    await lib.close();
    const again = await open(dir);
    await again.close();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walBytes } from '../../src-main/core/store/kuzu/checkpoint-guard';
import { CLOSE_CHECKPOINT_WAL_BYTES, openKuzu, type KuzuDb } from '../../src-main/core/store/kuzu/kuzu-db';
import { tempDir } from './helpers/store-fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function withTable(dbPath: string): Promise<KuzuDb> {
  const db = await openKuzu(dbPath);
  await db.autoWrite((r) => r.query('CREATE NODE TABLE Item(k INT64 PRIMARY KEY, text STRING)'));
  return db;
}

/** Writes 1 KB rows in transactions of 100 until the WAL holds at least `bytes`; returns the rows written. */
async function fillWal(db: KuzuDb, dbPath: string, bytes: number): Promise<number> {
  let k = 0;
  while (walBytes(dbPath) < bytes) {
    const rows = Array.from({ length: 100 }, () => ({ k: k++, text: 'x'.repeat(1000) }));
    await db.write((r) => r.query('UNWIND $rows AS x CREATE (:Item {k: x.k, text: x.text})', { rows }));
  }
  return k;
}

async function count(dbPath: string): Promise<number> {
  const db = await openKuzu(dbPath);
  try {
    return Number((await db.read((r) => r.query('MATCH (i:Item) RETURN count(*) AS n')))[0]?.n);
  } finally {
    await db.close();
  }
}

/**
 * Kùzu replays the whole WAL at every open, read-only commands included, so a store that closes with more
 * than a little in its WAL folds it in first (under the checkpoint guard); a short WAL is left to replay.
 */
describe('closing the Kùzu store', () => {
  it('checkpoints a WAL past the close bound, and keeps every row', async () => {
    const dir = tempDir('ariadne-close-ckpt-');
    dirs.push(dir);
    const dbPath = path.join(dir, 'graph.kuzu');
    const db = await withTable(dbPath);
    const rows = await fillWal(db, dbPath, CLOSE_CHECKPOINT_WAL_BYTES + 256 * 1024);
    // Well below the 32 MiB bound of a write's own checkpoint: only the close folds it.
    expect(walBytes(dbPath)).toBeLessThan(8 * 1024 * 1024);
    await db.close();
    expect(walBytes(dbPath)).toBeLessThan(64 * 1024);
    expect(fs.existsSync(`${dbPath}.checkpoint-backup`)).toBe(false);
    expect(await count(dbPath)).toBe(rows);
  });

  it('leaves a short WAL to be replayed', async () => {
    const dir = tempDir('ariadne-close-ckpt-');
    dirs.push(dir);
    const dbPath = path.join(dir, 'graph.kuzu');
    const db = await withTable(dbPath);
    const rows = await fillWal(db, dbPath, 128 * 1024);
    const before = walBytes(dbPath);
    expect(before).toBeLessThan(CLOSE_CHECKPOINT_WAL_BYTES);
    await db.close();
    expect(walBytes(dbPath)).toBe(before);
    expect(await count(dbPath)).toBe(rows);
  });
});

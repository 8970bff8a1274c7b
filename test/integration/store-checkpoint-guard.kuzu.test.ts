import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../helpers/bundle-child';
import { openKuzu } from '../../src-main/core/store/kuzu/kuzu-db';
import { budgetMs, rounds } from '../helpers/work-budget';
import { tempDir } from './helpers/store-fixtures';

const CHILD = path.join(import.meta.dirname, 'helpers', 'kuzu-checkpoint-child.ts');
// Measured at load average 16 on 2 cores: 1.1 s per round (child start, writes until the kill, reopen).
const ROUNDS = rounds('ARIADNE_CHECKPOINT_ROUNDS', 20, 60);
const PER_ROUND_MS = 1_200;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
let childScript: string;
beforeAll(async () => {
  childScript = await bundleChild(CHILD);
});

/**
 * When to kill: a random moment after the writer is ready (mid-write), or a few milliseconds after the
 * guard wrote its backup marker (mid-checkpoint). The second is counted in work, not in time, so a loaded
 * machine lands as many kills inside a checkpoint as an idle one.
 */
type Kill = { afterReadyMs: number } | { afterBackupMs: number };

/** Starts the writer, kills it as `kill` says, resolves with the batches it reported committed. */
function runChild(dbPath: string, kill: Kill): Promise<number> {
  const marker = `${dbPath}.checkpoint-backup/complete`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, dbPath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let poll: NodeJS.Timeout | undefined;
    child.stdout.on('data', (b: Buffer) => {
      const was = out.includes('ready');
      out += b.toString();
      if (was || !out.includes('ready')) return;
      if ('afterReadyMs' in kill) return void setTimeout(() => child.kill('SIGKILL'), kill.afterReadyMs);
      // A backup left by the previous kill is restored on open, before "ready": any marker now is new.
      poll = setInterval(() => {
        if (!fs.existsSync(marker)) return;
        clearInterval(poll);
        setTimeout(() => child.kill('SIGKILL'), kill.afterBackupMs);
      }, 1);
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (code, signal) => {
      clearInterval(poll);
      if (signal !== 'SIGKILL') reject(new Error(`writer exited with ${code}: ${err.slice(-1000)}`));
      else resolve(out.split('\n').filter((l) => l.startsWith('committed')).length);
    });
  });
}

describe('graph checkpoints', () => {
  // Kùzu 0.11.3 alone fails this within a few rounds ("Found duplicated primary key value" on open): it
  // writes pages in place during a checkpoint. The guard (store/kuzu/checkpoint-guard.ts) restores the
  // pre-checkpoint files, and the WAL replays every committed batch.
  it(
    `a writer killed ${ROUNDS} times, mostly mid-checkpoint, always reopens with every committed batch`,
    async () => {
      const dir = tempDir('ariadne-ckpt-');
      dirs.push(dir);
      const dbPath = path.join(dir, 'graph.kuzu');
      let seed = 4242;
      const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      let committed = 0;
      let restored = 0;
      const t0 = performance.now();
      for (let round = 0; round < ROUNDS; round++) {
        const kill: Kill =
          round % 2 ? { afterBackupMs: Math.floor(rand() * 20) } : { afterReadyMs: Math.floor(rand() * 400) };
        committed += await runChild(dbPath, kill);
        if (fs.existsSync(`${dbPath}.checkpoint-backup/complete`)) restored++;
        const db = await openKuzu(dbPath);
        try {
          const rows = await db.read(async (r) => [
            ...(await r.query('MATCH (i:Item) RETURN count(*) AS n')),
            ...(await r.query('MATCH ()-[l:LINK]->() RETURN count(*) AS n')),
          ]);
          const [items = 0, links] = rows.map((x) => Number(x.n));
          // Every committed batch is there (a batch in flight at the kill may be there too), and whole.
          expect(items).toBeGreaterThanOrEqual(committed * 12);
          expect(items % 12).toBe(0);
          expect(links).toBe(items);
          committed = items / 12;
        } finally {
          await db.close();
        }
      }
      console.log(
        `checkpoint guard: ${ROUNDS} kills, ${restored} inside a checkpoint, ${committed} batches; ` +
          `${Math.round((performance.now() - t0) / ROUNDS)} ms per round (budget ${PER_ROUND_MS})`,
      );
      expect(restored).toBeGreaterThan(0);
    },
    budgetMs({ rounds: ROUNDS, perRoundMs: PER_ROUND_MS }),
  );
});

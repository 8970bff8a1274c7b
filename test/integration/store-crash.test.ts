import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../helpers/bundle-child';
import { reconcile } from '../../src-main/core/library';
import { budgetMs, rounds } from '../helpers/work-budget';
import { open, repairMissing, tempDir } from './helpers/store-fixtures';

const CHILD = path.join(import.meta.dirname, 'helpers', 'store-crash-child.ts');
// Measured at load average 16 on 2 cores: 3.4 s per round (child start, writes until the kill, reopen).
const ROUNDS = rounds('ARIADNE_STORE_CRASH_ROUNDS', 8, 30);
const PER_ROUND_MS = 3_500;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
let childScript: string;
beforeAll(async () => {
  childScript = await bundleChild(CHILD);
});

/**
 * When to kill: a random moment after the child is ready, or a few milliseconds after the checkpoint guard
 * has written its backup, so that the kill lands inside Kùzu's CHECKPOINT (a window too short to hit often
 * by chance, and the one where Kùzu 0.11.3 damages a database unprotected).
 */
type Kill = { afterReadyMs: number } | { afterBackupMs: number };

function runChild(args: string[], kill: Kill): Promise<{ stdout: string; signal: string | null }> {
  const marker = path.join(args[0]!, 'graph.kuzu.checkpoint-backup', 'complete');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let armed = false;
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      if (armed || !stdout.includes('ready')) return;
      armed = true;
      if ('afterReadyMs' in kill) return void setTimeout(() => child.kill('SIGKILL'), kill.afterReadyMs);
      const poll = setInterval(() => {
        if (!fs.existsSync(marker)) return;
        clearInterval(poll);
        setTimeout(() => child.kill('SIGKILL'), kill.afterBackupMs);
      }, 1);
      child.on('close', () => clearInterval(poll));
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    // 'exit' after the kill: the process is reaped, so its pid no longer looks alive to the lock.
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL' && code !== 0)
        reject(new Error(`child failed (${code}): ${stderr.slice(-2000)}`));
      else resolve({ stdout, signal });
    });
  });
}

describe('crash safety', () => {
  it(
    `survives ${ROUNDS} SIGKILLs mid-write and mid-checkpoint: reopens, reconciles to zero, loses no committed document`,
    async () => {
      const dir = tempDir();
      dirs.push(dir);
      const log = path.join(dir, 'committed.log');
      fs.writeFileSync(log, '');
      let next = 0;
      let interruptedCheckpoints = 0;
      let seed = 12345;
      const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const t0 = performance.now();
      for (let round = 0; round < ROUNDS; round++) {
        const kill: Kill =
          round % 2 ? { afterBackupMs: Math.floor(rand() * 40) } : { afterReadyMs: Math.floor(rand() * 600) };
        const { signal } = await runChild([dir, 'write', String(next), log], kill);
        expect(signal).toBe('SIGKILL');
        const committed = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
        // Documents after the last committed one may exist partially; start the next child past them.
        next = committed.length + round + 1;
        if (fs.existsSync(path.join(dir, 'graph.kuzu.checkpoint-backup', 'complete')))
          interruptedCheckpoints++;

        const lib = await open(dir);
        try {
          await repairMissing(lib, (await lib.reconciled()).missing);
          const after = await reconcile(lib);
          expect(after.inconsistencies).toBe(0);
          const docs = new Set((await lib.graph.listDocuments()).map((d) => d.id));
          for (const id of committed) {
            expect(docs.has(id)).toBe(true);
            expect(await lib.graph.getChunks(id)).toHaveLength(3);
          }
        } finally {
          await lib.close();
        }
      }
      expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThan(0);
      console.log(
        `store crash: ${ROUNDS} kills, ${interruptedCheckpoints} inside a graph checkpoint; ` +
          `${Math.round((performance.now() - t0) / ROUNDS)} ms per round (budget ${PER_ROUND_MS})`,
      );
      // Some kills must hit a checkpoint, or the test says nothing about the checkpoint guard.
      expect(interruptedCheckpoints).toBeGreaterThan(0);
    },
    budgetMs({ rounds: ROUNDS, perRoundMs: PER_ROUND_MS }),
  );
});

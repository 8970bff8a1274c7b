import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src-main/core/library';
import { open, repairMissing, tempDir } from './helpers/store-fixtures';

const CHILD = path.join(import.meta.dirname, 'helpers', 'store-crash-child.ts');
const ROUNDS = 20;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function runChild(
  args: string[],
  killAfterReadyMs: number | null,
): Promise<{ stdout: string; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
      if (killAfterReadyMs !== null && stdout.includes('ready'))
        setTimeout(() => child.kill('SIGKILL'), killAfterReadyMs);
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
  it(`survives ${ROUNDS} SIGKILLs mid-write: reopens, reconciles to zero, loses no committed document`, async () => {
    const dir = tempDir();
    dirs.push(dir);
    const log = path.join(dir, 'committed.log');
    fs.writeFileSync(log, '');
    let next = 0;
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < ROUNDS; round++) {
      const { signal } = await runChild([dir, 'write', String(next), log], Math.floor(rand() * 600));
      expect(signal).toBe('SIGKILL');
      const committed = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
      // Documents after the last committed one may exist partially; start the next child past them.
      next = committed.length + round + 1;

      const lib = await open(dir);
      try {
        await repairMissing(lib, lib.openReport.missing);
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
  });
});

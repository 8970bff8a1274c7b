import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import type { ParseOutcome } from '../../src-main/core/ingest/parse/worker-api';
import { createWorkerPool } from '../../src-main/core/ingest/runtime/worker-pool';

// Regression: text parsing ran in the ingest pool with no time limit, so one pathological file kept a
// worker (and its job, `running` forever) busy for good.
describe('every parser runs under a time budget', () => {
  const pool = createWorkerPool({
    workerPath: path.resolve('test/integration/helpers/spin-worker.ts'),
    size: 1,
  });
  const parser = createParser({
    workerPath: path.resolve('src-worker/parse-worker.ts'),
    // Generous enough for a fresh worker to load its sources through tsx on a busy machine.
    textTimeoutMs: 8000,
    parseTextInPool: (text, kind, budget) =>
      pool.run<ParseOutcome>((api) => api.parseText(text, kind as 'txt'), budget),
  });
  afterAll(() => pool.close());

  it('fails a text parse that runs past its budget with a precise error, then parses the next file', async () => {
    const started = Date.now();
    await expect(parser.parseBytes(new TextEncoder().encode('spin'), 'txt')).rejects.toMatchObject({
      code: 'parse_failed',
      message: expect.stringContaining('text parser ran past its 8s budget'),
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    // The spinning worker was replaced: the pool still works.
    const doc = await parser.parseBytes(new TextEncoder().encode('# Title\n\nBody.'), 'md');
    expect(doc.title).toBe('Title');
  });

  it('refuses a 50 MB text file at once, and parses one past the pool limit in a worker of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-big-'));
    const file = path.join(dir, 'big.txt');
    fs.writeFileSync(file, 'Lorem ipsum dolor sit amet. '.repeat(1_900_000) + ' '.repeat(1_000_000));
    const started = Date.now();
    await expect(parser.parseFile(file)).rejects.toMatchObject({
      code: 'parse_failed',
      message: expect.stringMatching(/^text file too large \(\d+ MB > 16 MB\)/),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const big = createParser({
      workerPath: path.resolve('src-worker/parse-worker.ts'),
      maxTextBytes: 64 << 20,
    });
    const doc = await big.parseFile(file);
    expect(doc.text.length).toBeGreaterThan(50_000_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

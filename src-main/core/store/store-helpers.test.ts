import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';
import { chunkId, entityIdForKey } from './ids';

describe('serial queue', () => {
  it('runs tasks one at a time in order and survives failures', async () => {
    const q = createSerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) =>
      q.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a', 20), task('b', 1, true), task('c', 1)]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('graph ids and page map', () => {
  it('derives stable ids', () => {
    expect(chunkId('abc', 3)).toBe('abc:3');
    expect(entityIdForKey('obesity|disease')).toBe(entityIdForKey('obesity|disease'));
    expect(entityIdForKey('obesity|disease')).not.toBe(entityIdForKey('obesity|trait'));
  });
});

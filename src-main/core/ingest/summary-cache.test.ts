import { describe, expect, it } from 'vitest';
import { createReadCache } from './summary-cache';

describe('createReadCache', () => {
  it('loads once per key, serves stale values while refreshing, and reloads at once when stale is not acceptable', async () => {
    let t = 0;
    let loads = 0;
    const cache = createReadCache<number>(1000, () => t);
    const load = (v: number) => () => (loads++, Promise.resolve(v));
    expect(await cache.get('d', 'a', load(1))).toBe(1);
    expect(await cache.get('d', 'a', load(2))).toBe(1);
    expect(loads).toBe(1);
    // A new key with stale acceptable: the old value now, the new one once loaded.
    expect(await cache.get('d', 'b', load(3), true)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('d', 'b', load(4), true)).toBe(3);
    // Too old: served once more while it refreshes.
    t = 5000;
    expect(await cache.get('d', 'b', load(5))).toBe(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('d', 'b', load(6))).toBe(5);
    // A new key without stale acceptable waits for the load.
    expect(await cache.get('d', 'c', load(7))).toBe(7);
    expect(loads).toBe(4);
  });
});

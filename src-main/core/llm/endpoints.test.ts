import { describe, expect, it } from 'vitest';
import type { Clock } from '../deps';
import { createEndpointPool, FIRST_DEAD_MS } from './endpoints';
import { createOllamaServer } from './ollama/ollama-server';

function fakeClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  return {
    now: () => now,
    setTimeout: () => ({ cancel: () => undefined }),
    advance(ms) {
      now += ms;
    },
  };
}

describe('endpoint pool', () => {
  const a = createOllamaServer({ host: 'http://laptop:11434' });
  const b = createOllamaServer({ host: 'http://lab:11434' });

  it('sends each call where most slots are free', () => {
    const pool = createEndpointPool([a, b], fakeClock());
    const leases = [1, 2, 3].map(() => pool.take(2));
    expect(leases.map((l) => l?.server.url)).toEqual([a.url, b.url, a.url]);
    leases[0]?.release();
    leases[2]?.release();
    // a has two free slots again, b one: a is next.
    expect(pool.take(2)?.server).toBe(a);
  });

  it('leaves a dead endpoint out, tries it again later with one call, and doubles the wait while it stays dead', () => {
    const clock = fakeClock();
    const pool = createEndpointPool([a, b], clock);
    pool.dead(a, 'Ollama is not running at http://laptop:11434.');
    expect(pool.usable()).toBe(1);
    expect([1, 2, 3].map(() => pool.take(8)?.server)).toEqual([b, b, b]);
    expect(pool.describe()[0]).toMatchObject({ alive: false, retryInMs: FIRST_DEAD_MS, failures: 1 });
    clock.advance(FIRST_DEAD_MS);
    expect(pool.take(8)?.server).toBe(a); // the one probing call
    expect(pool.take(8)?.server).toBe(b); // the others keep away meanwhile
    pool.dead(a, 'still down');
    expect(pool.describe()[0]?.retryInMs).toBe(2 * FIRST_DEAD_MS);
    clock.advance(2 * FIRST_DEAD_MS);
    pool.take(8);
    pool.alive(a);
    expect(pool.describe()[0]).toMatchObject({ alive: true, retryInMs: null });
    expect(pool.usable()).toBe(2);
  });

  it('still offers the endpoint due back first when every one is out', () => {
    const clock = fakeClock();
    const pool = createEndpointPool([a, b], clock);
    pool.dead(b, 'down');
    clock.advance(1);
    pool.dead(a, 'down');
    expect(pool.take(2)?.server).toBe(b);
    expect(pool.take(2, new Set([a, b]))).toBeNull();
  });
});

import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';
import { sleep } from './retry';

describe('createLimiter', () => {
  it('holds calls beyond the limit until a slot is released', async () => {
    const l = createLimiter(2);
    const a = await l.acquire();
    await l.acquire();
    let third = false;
    void l.acquire().then(() => (third = true));
    await Promise.resolve();
    expect([l.active, l.waiting, third]).toEqual([2, 1, false]);
    a();
    a(); // releasing twice frees one slot only
    await Promise.resolve();
    expect([l.active, l.waiting, third]).toEqual([2, 0, true]);
  });

  it('follows a limit that changes while calls wait', async () => {
    let max = 1;
    const l = createLimiter(() => max);
    const first = await l.acquire();
    const started: number[] = [];
    for (const n of [1, 2, 3]) void l.acquire().then(() => started.push(n));
    await Promise.resolve();
    expect(started).toEqual([]);
    max = 3;
    first();
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    expect(l.active).toBe(3);
  });

  it('rejects a waiting call when its signal aborts', async () => {
    const l = createLimiter(1);
    await l.acquire();
    const ac = new AbortController();
    const waiting = l.acquire(ac.signal);
    ac.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    expect(l.waiting).toBe(0);
  });

  it('leaves no abort listener behind on a shared signal once waits end', async () => {
    // A job's signal serves every LLM call of the job: one listener left per wait reached Node's
    // MaxListenersExceededWarning within a four-file ingest.
    const l = createLimiter(1);
    const job = new AbortController().signal;
    let held = await l.acquire(job);
    for (let i = 0; i < 20; i++) {
      const next = l.acquire(job);
      held();
      held = await next;
      await sleep(0, undefined, job);
    }
    held();
    expect(getEventListeners(job, 'abort')).toHaveLength(0);
  });

  it('holds one abort listener for many waits on one signal, and cancels them all', async () => {
    const l = createLimiter(1);
    const ctl = new AbortController();
    const held = await l.acquire(ctl.signal);
    const waits = Array.from({ length: 20 }, () => l.acquire(ctl.signal));
    expect(getEventListeners(ctl.signal, 'abort')).toHaveLength(1);
    ctl.abort();
    for (const w of waits) await expect(w).rejects.toMatchObject({ code: 'cancelled' });
    expect(l.waiting).toBe(0);
    held();
    expect(l.active).toBe(0);
  });
});

describe('createLimiter priorities', () => {
  it('serves a more urgent waiter first, FIFO within a priority', async () => {
    const l = createLimiter(1);
    const first = await l.acquire();
    const order: string[] = [];
    const take = (name: string, priority: number) =>
      void l.acquire(undefined, priority).then((release) => {
        order.push(name);
        release();
      });
    take('embed-a', 3);
    take('chain-a', 1);
    take('embed-b', 3);
    take('doc', 2);
    take('chain-b', 1);
    first();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['chain-a', 'chain-b', 'doc', 'embed-a', 'embed-b']);
  });

  it('applies a new limit at once', async () => {
    const l = createLimiter(1);
    await l.acquire();
    let second = false;
    void l.acquire().then(() => (second = true));
    l.setLimit(2);
    await Promise.resolve();
    expect([l.active, second]).toEqual([2, true]);
  });
});

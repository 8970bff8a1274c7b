import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../contract';
import { createEmbedQueue } from './embed-queue';
import { createLimiter } from './limiter';

/** A fake vector that says which text it embeds, so a caller can check it got its own. */
const vec = (t: string) => [t.length, t.charCodeAt(0)];

/** An embedding server behind `slots` slots that records each request's texts and answers when told. */
function server(slots: number, batchSize: number) {
  const limiter = createLimiter(slots);
  const requests: string[][] = [];
  const pending: { texts: string[]; answer: () => void; fail: (e: unknown) => void }[] = [];
  const queue = createEmbedQueue(async (signal, priority) => {
    const release = await limiter.acquire(signal, priority);
    return {
      send: (texts) =>
        new Promise<number[][]>((resolve, reject) => {
          requests.push(texts);
          pending.push({ texts, answer: () => resolve(texts.map(vec)), fail: reject });
        }),
      release,
    };
  }, batchSize);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { queue, requests, pending, limiter, tick };
}

describe('createEmbedQueue', () => {
  it('fills a request with texts of several callers that waited for the slot, each getting its own vectors', async () => {
    const s = server(1, 8);
    const a = s.queue.embed(['alpha', 'beta']);
    await s.tick();
    // The slot is busy with a's request: b's and c's texts wait and then leave together.
    const b = s.queue.embed(['gamma', 'delta', 'epsilon']);
    const c = s.queue.embed(['zeta']);
    await s.tick();
    s.pending.shift()?.answer();
    await s.tick();
    expect(s.requests).toEqual([
      ['alpha', 'beta'],
      ['gamma', 'delta', 'epsilon', 'zeta'],
    ]);
    s.pending.shift()?.answer();
    expect(await a).toEqual(['alpha', 'beta'].map(vec));
    expect(await b).toEqual(['gamma', 'delta', 'epsilon'].map(vec));
    expect(await c).toEqual([vec('zeta')]);
    expect(s.limiter.active).toBe(0);
  });

  it('never sends more than a batch, and the more urgent texts first', async () => {
    const s = server(1, 2);
    const first = s.queue.embed(['t0']);
    await s.tick();
    const later = s.queue.embed(['b1', 'b2', 'b3'], { priority: 5 });
    const urgent = s.queue.embed(['u1'], { priority: 0 });
    await s.tick();
    for (let i = 0; i < 3; i++) {
      s.pending.shift()?.answer();
      await s.tick();
    }
    expect(s.requests).toEqual([['t0'], ['u1', 'b1'], ['b2', 'b3']]);
    await Promise.all([first, later, urgent]);
  });

  it("sends the others' texts again when the caller whose slot carried them cancels", async () => {
    const s = server(1, 8);
    const ac = new AbortController();
    const a = s.queue.embed(['alpha'], { signal: ac.signal });
    const b = s.queue.embed(['beta']);
    await s.tick();
    expect(s.requests).toEqual([['alpha', 'beta']]);
    ac.abort();
    s.pending.shift()?.fail(new AriadneError('cancelled', 'Cancelled.'));
    await expect(a).rejects.toMatchObject({ code: 'cancelled' });
    await s.tick();
    expect(s.requests[1]).toEqual(['beta']);
    s.pending.shift()?.answer();
    expect(await b).toEqual([vec('beta')]);
  });

  it('fails every caller of a request that failed otherwise, and leaves no text waiting', async () => {
    const s = server(1, 8);
    const a = s.queue.embed(['alpha']);
    const b = s.queue.embed(['beta']);
    await s.tick();
    s.pending.shift()?.fail(new AriadneError('upstream', 'The server broke.'));
    await expect(a).rejects.toMatchObject({ code: 'upstream' });
    await expect(b).rejects.toMatchObject({ code: 'upstream' });
    expect(s.queue.waiting).toBe(0);
    expect(s.limiter.active).toBe(0);
  });
});

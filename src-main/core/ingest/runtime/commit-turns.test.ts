import { describe, expect, it } from 'vitest';
import type { Job, ProgressivePhase } from '../queue/types';
import { createCommitTurns } from './commit-turns';

function job(id: string, createdAt: number, phase?: ProgressivePhase): Job {
  return {
    id,
    docId: id,
    status: 'running',
    attempts: 0,
    nextRunAt: 0,
    error: null,
    createdAt,
    tasks: new Map(),
    payload: {
      fileName: `${id}.pdf`,
      kind: 'pdf',
      originalPath: `/papers/${id}.pdf`,
      stage: 'resolving',
      chunksTotal: null,
      sections: [],
      addedAt: 0,
      ...(phase ? { progressive: { model: 'm', phase } } : {}),
    },
  };
}

const never = new AbortController().signal;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('commit turns', () => {
  it('go in queue order: a later document waits until an earlier one still reading has finished', async () => {
    const a = job('a', 1);
    const b = job('b', 2);
    let running = [a, b];
    const turns = createCommitTurns(() => running);
    const order: string[] = [];
    const bTurn = turns.take(b, never).then((release) => (order.push('b'), release));
    await tick();
    expect(order).toEqual([]);
    const release = await turns.take(a, never);
    order.push('a');
    release();
    await tick();
    expect(order).toEqual(['a']);
    running = [b];
    turns.poke();
    (await bTurn)();
    expect(order).toEqual(['a', 'b']);
  });

  it("give a waiting draft the turn before an earlier document's next refined passage", async () => {
    // a refines its passages one turn each; b's draft asks while a holds the turn, then a asks again.
    const a = job('a', 1, 'refine');
    const b = job('b', 2, 'draft');
    const turns = createCommitTurns(() => [a, b]);
    const order: string[] = [];
    const first = await turns.take(a, never);
    const draft = turns.take(b, never).then((r) => (order.push('b draft'), r));
    const next = turns.take(a, never).then((r) => (order.push('a passage 2'), r));
    await tick();
    first();
    (await draft)();
    (await next)();
    // Served by queue order alone, a's passages went first as long as a had one waiting, and the drafts
    // behind it waited for most of its refinement.
    expect(order).toEqual(['b draft', 'a passage 2']);
  });

  it('keep a draft in queue order behind an earlier draft still reading, whatever refines', async () => {
    const a = job('a', 1, 'refine');
    const b = job('b', 2, 'draft');
    const c = job('c', 3, 'draft');
    let running = [a, b, c];
    const turns = createCommitTurns(() => running);
    const order: string[] = [];
    const cTurn = turns.take(c, never).then((r) => (order.push('c'), r));
    const aTurn = turns.take(a, never).then((r) => (order.push('a'), r));
    (await aTurn)();
    await tick();
    expect(order).toEqual(['a']);
    const bTurn = turns.take(b, never).then((r) => (order.push('b'), r));
    (await bTurn)();
    await tick();
    expect(order).toEqual(['a', 'b']);
    running = [a, c];
    turns.poke();
    (await cTurn)();
    expect(order).toEqual(['a', 'b', 'c']);
  });
});

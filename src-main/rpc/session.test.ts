import { describe, expect, it } from 'vitest';
import type { Result, ServerFrame } from '../contract';
import type { Dispatcher } from './dispatch';
import { createRpcSession } from './session';

/** A dispatcher whose calls wait until the test answers them, in the order they came. */
function heldDispatcher() {
  const waiting: ((r: Result) => void)[] = [];
  const dispatcher: Dispatcher = { call: () => new Promise<Result>((resolve) => waiting.push(resolve)) };
  return { dispatcher, answer: (data: unknown) => waiting.shift()?.({ ok: true, data }) };
}

describe('the RPC session', () => {
  it('refuses a call reusing the id of one still running without settling that call', async () => {
    const { dispatcher, answer } = heldDispatcher();
    const sent: ServerFrame[] = [];
    const session = createRpcSession(dispatcher, (f) => sent.push(f));
    session.receive({ type: 'call', id: 'c1', method: 'app:info', params: {} });
    session.receive({ type: 'call', id: 'c1', method: 'app:info', params: {} });
    // The refusal names the id but is not a result for it: a client settles calls by the frame's id.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'result', id: '', result: { ok: false } });
    expect(JSON.stringify(sent[0])).toContain('Duplicate call id');
    answer('first');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.filter((f) => f.type === 'result' && f.id === 'c1')).toEqual([
      { type: 'result', id: 'c1', result: { ok: true, data: 'first' } },
    ]);
    // Once it has answered, the id is free again.
    session.receive({ type: 'call', id: 'c1', method: 'app:info', params: {} });
    answer('second');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.filter((f) => f.type === 'result' && f.id === 'c1')).toHaveLength(2);
    session.close();
  });

  it('answers a call past the in-flight limit with a capacity error under its own id', () => {
    const { dispatcher } = heldDispatcher();
    const sent: ServerFrame[] = [];
    const session = createRpcSession(dispatcher, (f) => sent.push(f), { maxInFlight: 1 });
    session.receive({ type: 'call', id: 'a', method: 'app:info', params: {} });
    session.receive({ type: 'call', id: 'b', method: 'app:info', params: {} });
    expect(sent).toEqual([
      {
        type: 'result',
        id: 'b',
        result: { ok: false, error: { code: 'capacity', message: 'Too many calls in flight.' } },
      },
    ]);
    session.close();
  });
});

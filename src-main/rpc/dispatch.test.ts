import { describe, expect, it } from 'vitest';
import { AriadneError, createRpcClient, type ApiHandlers } from '../contract';
import { EventBus } from '../core/event-bus';
import { createDispatcher } from './dispatch';
import { createInMemoryTransport } from './transports/in-memory';

function handlers(overrides: Partial<ApiHandlers> = {}): ApiHandlers {
  return {
    async 'app:info'() {
      return {
        name: 'Ariadne',
        version: '1.2.3',
        dataDir: '/tmp/x',
        provider: 'builtin',
        host: 'test',
        platform: 'linux x64',
      };
    },
    async 'app:health'() {
      return {
        ok: true,
        provider: 'builtin',
        providerDetail: 'built-in',
        chatModel: null,
        embedModel: null,
        checks: [],
        uptimeMs: 1,
      };
    },
    ...overrides,
  } as ApiHandlers;
}

const ctx = () => ({ signal: new AbortController().signal, emit: () => {} });

describe('dispatcher', () => {
  it('returns data for a valid call', async () => {
    const r = await createDispatcher(handlers()).call('app:info', {}, ctx());
    expect(r).toMatchObject({ ok: true, data: { name: 'Ariadne', version: '1.2.3' } });
  });

  it('rejects unknown methods and invalid input with codes', async () => {
    const d = createDispatcher(handlers());
    expect(await d.call('app:nope', {}, ctx())).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    expect(await d.call('app:info', { extra: 1 }, ctx())).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await d.call('constructor', {}, ctx())).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
  });

  it('maps thrown errors to {code, message} and hides unknown internals behind `internal`', async () => {
    const d = createDispatcher(
      handlers({
        'app:info': async () => {
          throw new AriadneError('library_locked', 'library in use by process 42');
        },
        'app:health': async () => {
          throw new TypeError('boom');
        },
      }),
    );
    expect(await d.call('app:info', {}, ctx())).toEqual({
      ok: false,
      error: { code: 'library_locked', message: 'library in use by process 42', retryable: false },
    });
    expect(await d.call('app:health', {}, ctx())).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
  });

  it('refuses a handler result that breaks the contract', async () => {
    const d = createDispatcher(handlers({ 'app:info': async () => ({ name: 'Other' }) as never }));
    expect(await d.call('app:info', {}, ctx())).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('typed client over the in-memory transport', () => {
  it('round-trips calls, errors as AriadneError and server events', async () => {
    const events = new EventBus();
    const transport = createInMemoryTransport(
      createDispatcher(
        handlers({ 'app:info': async () => Promise.reject(new AriadneError('not_found', 'gone')) }),
      ),
      events,
    );
    const client = createRpcClient(transport);
    await expect(client.call('app:health', {})).resolves.toMatchObject({ ok: true });
    await expect(client.call('app:info', {})).rejects.toMatchObject({ code: 'not_found', message: 'gone' });

    const seen: boolean[] = [];
    client.on('app:health-changed', (h) => seen.push(h.ok));
    events.emit('app:health-changed', {
      ok: false,
      provider: 'builtin',
      providerDetail: '',
      chatModel: null,
      embedModel: null,
      checks: [],
      uptimeMs: 0,
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([false]);
    transport.close();
  });

  it('cancels an in-flight call: the handler sees the abort and the caller gets `cancelled`', async () => {
    let aborted = false;
    const slow: ApiHandlers['app:info'] = (_i, { signal }) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new AriadneError('cancelled', 'stopped'));
        });
      });
    const client = createRpcClient(createInMemoryTransport(createDispatcher(handlers({ 'app:info': slow }))));
    const ac = new AbortController();
    const p = client.call('app:info', {}, { signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ code: 'cancelled' });
    expect(aborted).toBe(true);
  });
});

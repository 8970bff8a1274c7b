import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { methods } from '../../src-main/contract';
import { bootCore } from '../../src-main/core/boot';
import type { Core } from '../../src-main/core/create-core';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createDispatcher, type Dispatcher } from '../../src-main/rpc/dispatch';
import { startApiServer, type ApiServer } from '../../src-main/rpc/server/http-server';
import { createRestRoutes } from '../../src-main/rpc/server/rest-facade';

// Property tests against the real server and core, bounded in time; fast-check prints the seed and the
// shrunk input of a failure. A throw out of a listener would surface here as an unhandled error.
const budget = (ms: number) => ({ numRuns: 150, interruptAfterTimeLimit: ms });
const token = 'fuzz-token-0123456789abcdefghijklmnop';
const methodNames = Object.keys(methods);

/** Sends raw bytes; resolves with what came back before the socket closed or went quiet for 2 s. */
function rawExchange(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => s.end(bytes));
    let got = '';
    const timer = setTimeout(() => (s.destroy(), resolve(got)), 2000);
    s.on('data', (d) => (got += d.toString('latin1')));
    const done = () => (clearTimeout(timer), resolve(got));
    s.on('close', done);
    s.on('error', done);
  });
}

describe('fuzz: the RPC dispatcher and the HTTP/WebSocket front', () => {
  let core: Core;
  let server: ApiServer;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-fuzz-'));
    const log = createMemoryLogger();
    ({ core } = await bootCore({
      dataDir,
      llm: 'builtin',
      ollamaUrl: 'http://127.0.0.1:9',
      host: 'test',
      version: '0.0.0-test',
      log,
    }));
    dispatcher = createDispatcher(core.handlers, log);
    server = await startApiServer({
      dispatcher,
      routes: createRestRoutes({ dispatcher, metrics: () => '' }),
      events: core.events,
      token,
      staticRoot: null,
      log,
    });
  });
  afterAll(async () => {
    await server?.close();
    await core?.close();
  });

  it('dispatcher: any method name and any input give a result, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...methodNames), fc.string({ maxLength: 30 })),
        fc.oneof(fc.anything(), fc.object(), fc.constant({})),
        async (method, params) => {
          const res = await dispatcher.call(method, params, {
            signal: AbortSignal.timeout(5000),
            emit: () => undefined,
          });
          expect(typeof res.ok).toBe('boolean');
          if (!res.ok) expect(typeof res.error.message).toBe('string');
        },
      ),
      budget(10_000),
    );
  });

  it('HTTP: random methods, targets, headers and bodies are answered and the server stays up', async () => {
    const tokenChars = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-!#$%&*+.^_|~'.split(''),
    );
    const word = fc.array(tokenChars, { minLength: 1, maxLength: 12 }).map((a) => a.join(''));
    const target = fc.oneof(
      fc.constantFrom(
        '/api/app:info',
        '/api/qa:ask',
        '/qa',
        '/graph-search',
        '/metrics',
        '/rpc',
        '/files/x',
        '/',
      ),
      fc.string({ maxLength: 40 }).map((s) => '/' + s),
      fc.constantFrom('/%', '/%E0%A4%A', '/api/%ZZ', '*', 'http://x/', '//a b', '/..%2f..%2fetc/passwd'),
    );
    const header = fc.tuple(word, fc.string({ maxLength: 40 }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'), word),
        target,
        fc.array(header, { maxLength: 5 }),
        fc.boolean(),
        fc.oneof(fc.constant(''), fc.json(), fc.string({ maxLength: 200 })),
        async (method, tgt, headers, authed, body) => {
          const lines = [
            `${method} ${tgt.replace(/[\r\n ]/g, '_')} HTTP/1.1`,
            `Host: 127.0.0.1:${server.port}`,
          ];
          if (authed) lines.push(`Authorization: Bearer ${token}`);
          for (const [k, v] of headers) lines.push(`${k}: ${v.replace(/[\r\n]/g, ' ')}`);
          lines.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close');
          const answer = await rawExchange(server.port, Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`));
          // A 5xx would mean a request made a handler fail (503 is the "UI not built" page: no static root).
          if (answer) expect(answer).toMatch(/^HTTP\/1\.1 (?:[1-4]\d\d|503) /);
        },
      ),
      budget(15_000),
    );
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
  });

  it('WebSocket: random frames are answered or ignored and the connection keeps working', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/rpc?token=${token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const results = new Map<string, unknown>();
    ws.on('message', (d) => {
      const f = JSON.parse(String(d)) as { type: string; id?: string; result?: unknown };
      if (f.type === 'result' && typeof f.id === 'string') results.set(f.id, f.result);
    });
    let n = 0;
    const frame = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 100 }),
      fc.uint8Array({ maxLength: 64 }),
      fc.record({
        type: fc.constantFrom('call', 'cancel', 'event', 'x'),
        id: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
        method: fc.oneof(fc.constantFrom(...methodNames), fc.string({ maxLength: 12 })),
        params: fc.anything(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        n++;
        ws.send(f instanceof Uint8Array ? f : typeof f === 'string' ? f : JSON.stringify(f));
        await new Promise((r) => setImmediate(r));
      }),
      budget(8_000),
    );
    ws.send(JSON.stringify({ type: 'call', id: 'final', method: 'app:info', params: {} }));
    await expect.poll(() => results.get('final'), { timeout: 20_000 }).toMatchObject({ ok: true });
    expect(n).toBeGreaterThan(10);
    ws.close();
  });
});

import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRpcClient, type ClientTransport, type ServerFrame } from '../../src-main/contract';
import { bootCore } from '../../src-main/core/boot';
import type { Core } from '../../src-main/core/create-core';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createDispatcher } from '../../src-main/rpc/dispatch';
import { startApiServer, type ApiServer } from '../../src-main/rpc/server/http-server';

function wsTransport(ws: WebSocket): ClientTransport {
  return {
    send: (f) => ws.send(JSON.stringify(f)),
    onFrame(l) {
      const h = (d: WebSocket.RawData) => l(JSON.parse(String(d)) as ServerFrame);
      ws.on('message', h);
      return () => ws.off('message', h);
    },
  };
}

describe('core over the WebSocket transport', () => {
  let core: Core;
  let server: ApiServer;
  const token = 'test-token-0123456789abcdefghijklmnop';

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-ws-'));
    const log = createMemoryLogger();
    ({ core } = await bootCore({
      dataDir,
      llm: 'builtin',
      ollamaUrl: 'http://127.0.0.1:9',
      host: 'test',
      version: '0.0.0-test',
      log,
    }));
    server = await startApiServer({
      dispatcher: createDispatcher(core.handlers, log),
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

  it('answers typed calls with the token', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/rpc?token=${token}`);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const client = createRpcClient(wsTransport(ws));
    const info = await client.call('app:info', {});
    expect(info).toMatchObject({ name: 'Ariadne', provider: 'builtin', host: 'test' });
    const health = await client.call('app:health', {});
    expect(health.checks.find((c) => c.name === 'data-dir')?.ok).toBe(true);
    await expect(client.call('app:info', { bogus: true } as never)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    ws.close();
  });

  it('refuses the socket and REST calls without the right token (401)', async () => {
    const bad = new WebSocket(`ws://127.0.0.1:${server.port}/rpc?token=wrong`);
    const status = await new Promise<number>((resolve) =>
      bad
        .once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        .once('error', () => resolve(-1)),
    );
    expect([401, -1]).toContain(status);
    const noToken = await fetch(`http://127.0.0.1:${server.port}/api/app:info`, {
      method: 'POST',
      body: '{}',
    });
    expect(noToken.status).toBe(401);
    const withToken = await fetch(`http://127.0.0.1:${server.port}/api/app:info`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toMatchObject({ ok: true, data: { name: 'Ariadne' } });
  });

  it('rejects foreign Host headers (DNS rebinding) and listens on loopback only', async () => {
    // fetch() refuses to set Host, so speak HTTP directly as a rebinding page's browser would.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `/api/app:info?token=${token}`,
          method: 'POST',
          headers: { host: 'evil.example' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
    const nonLoopback = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (nonLoopback) {
      await expect(
        fetch(`http://${nonLoopback.address}:${server.port}/healthz`, { signal: AbortSignal.timeout(2000) }),
      ).rejects.toThrow();
    }
  });

  it('forbids a page of another origin (403) and takes the Bearer scheme in any case', async () => {
    const upgrade = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/rpc?token=${token}`, { origin });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
          .once('open', () => (ws.close(), resolve(101)))
          .once('error', () => resolve(-1));
      });
    expect(await upgrade('http://evil.example')).toBe(403);
    expect(await upgrade(`http://127.0.0.1:${server.port}`)).toBe(101);
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/app:info`, {
        method: 'POST',
        body: '{}',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.status).toBe(200);
    }
  });

  it('answers a request head that never ends with 408', async () => {
    const log = createMemoryLogger();
    const slow = await startApiServer({
      dispatcher: createDispatcher(core.handlers, log),
      events: core.events,
      token,
      staticRoot: null,
      log,
      headersTimeoutMs: 300,
    });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(slow.port, '127.0.0.1', () =>
          // The request line and one header, then nothing: the head never ends.
          socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${slow.port}\r\n`),
        );
        let got = '';
        socket.on('data', (d) => (got += String(d)));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
        setTimeout(() => (socket.destroy(), resolve(got)), 5000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await slow.close();
    }
  });
});

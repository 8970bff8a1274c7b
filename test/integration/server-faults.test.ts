import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server runs in a child process: the findings were about the process dying, which an in-process
// server would hide behind the test runner's own error handler.
const CHILD = path.resolve('test/integration/helpers/serve-child.ts');
const token = 'fault-token-0123456789abcdefghijklmnop';

function startChild(dataDir: string, mode = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, token, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
  return { child, port, output: () => out };
}

/** Sends raw bytes and resolves with everything the server wrote before closing (or after 3 s). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(request));
    let got = '';
    s.on('data', (d) => (got += d));
    const done = () => resolve(got);
    s.on('close', done);
    s.on('error', done);
    setTimeout(() => (s.destroy(), done()), 3000);
  });
}

const exited = (c: ChildProcess) => new Promise<number | null>((r) => c.once('exit', (code) => r(code)));

describe('serve survives what any local client sends', () => {
  let dataDir: string;
  let srv: ReturnType<typeof startChild>;
  let port: number;
  const base = () => `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${token}` };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-faults-'));
    srv = startChild(dataDir);
    port = await srv.port;
  });
  afterAll(async () => {
    if (srv.child.exitCode === null) {
      const gone = exited(srv.child);
      srv.child.kill('SIGTERM');
      await gone;
    }
  });

  it('answers a WebSocket upgrade with a malformed Host and keeps running', async () => {
    const answer = await raw(
      port,
      'GET /rpc HTTP/1.1\r\nHost: a b\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
    // Targets that are not paths, in the upgrade and in plain requests.
    for (const target of ['http://[::1', '//a b', '*']) {
      const a = await raw(
        port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
      );
      expect(a).toMatch(/^HTTP\/1\.1 4\d\d/);
      const b = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect(b).toMatch(/^HTTP\/1\.1 4\d\d/);
    }
    expect(srv.child.exitCode).toBeNull();
    expect((await fetch(`${base()}/healthz`)).status).toBe(200);
  });

  it('answers a bad %-escape with 400 and a JSON error', async () => {
    for (const p of ['/api/app%E0%A4%A', '/%E0%A4%A', '/api/%ZZ']) {
      const res = await fetch(`${base()}${p}`, { method: 'POST', headers: auth, body: '{}' });
      expect(res.status, p).toBe(400);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('answers a body over 8 MB with 413 and a JSON error', async () => {
    const res = await fetch(`${base()}/api/app:info`, {
      method: 'POST',
      headers: auth,
      body: Buffer.alloc(9 * 1024 * 1024, 0x20),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('answers invalid /qa input with 400', async () => {
    for (const body of ['{"question": 42}', 'not json', '[]']) {
      const res = await fetch(`${base()}/qa`, { method: 'POST', headers: auth, body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('removes the lock file when the process exits on an uncaught error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-crash-'));
    const c = startChild(dir, 'crash');
    await c.port;
    expect(await exited(c.child)).not.toBe(0);
    expect(fs.existsSync(path.join(dir, 'library.lock'))).toBe(false);
  });
});

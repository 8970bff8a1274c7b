import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type * as Ws from 'ws';
import type { ServerFrame } from '../../contract';
import type { Logger } from '../../core/deps';
import type { EventBus } from '../../core/event-bus';
import type { Dispatcher } from '../dispatch';
import { createRpcSession } from '../session';
import {
  HttpError,
  MAX_BODY,
  decodePathPart,
  parseTarget,
  readJsonBody,
  refuseUpgrade,
  sendError,
  sendJson,
} from './request-guards';
import { contentSecurityPolicy, serveStatic } from './static-files';
import { tokenMatches } from './token';

export interface ApiServerOptions {
  dispatcher: Dispatcher;
  events: EventBus;
  token: string;
  /** The built renderer (out/renderer); may be absent in API-only tests. */
  staticRoot: string | null;
  port?: number;
  log: Logger;
  /** Extra REST routes (the /graph-search, /qa façade); return true when handled. Called after auth. */
  routes?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<boolean>;
  /** A client that has not sent its whole request head by then is answered 408. Default 20 s. */
  headersTimeoutMs?: number;
}

export interface ApiServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * `ariadne serve`: the renderer and the API on 127.0.0.1 only. Every API request carries the library's
 * token (query `token` or `Authorization: Bearer`); the Host header is checked against loopback names so a
 * web page cannot reach us through DNS rebinding, and WebSocket origins must be our own.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  // The WebSocket library loads with the first WebSocket: a library shared by `ariadne status` for the
  // moment it runs only ever answers plain HTTP calls, and its start-up should not pay for it.
  let wss: Ws.WebSocketServer | null = null;
  const sockets = () =>
    (wss ??= new (createRequire(import.meta.url)('ws') as typeof Ws).WebSocketServer({
      noServer: true,
      maxPayload: MAX_BODY,
    }));
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const tokenOf = (req: http.IncomingMessage, url: URL) =>
    url.searchParams.get('token') ?? bearerToken(req.headers.authorization);

  // Every request and upgrade ends in an answer: an HttpError becomes its status with a JSON error, anything
  // else a 500 with one. Nothing a client sends may throw out of a listener (that exits the process).
  const headersTimeout = opts.headersTimeoutMs ?? 20_000;
  const server = http.createServer(
    // Node checks the head's deadline every connectionsCheckingInterval (30 s by default): a slow head would
    // be answered up to that much late.
    { headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => {
      void handle(req, res).catch((e: unknown) => {
        if (e instanceof HttpError) return sendError(res, e.status, e.code, e.message);
        opts.log.log('error', 'http handler failed', { error: String(e) });
        sendError(res, 500, 'internal', 'The request failed inside Ariadne.');
      });
    },
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket) =>
    refuseUpgrade(socket, clientErrorStatus(err)),
  );

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    const url = parseTarget(req.url);
    if (url.pathname === '/healthz') {
      return json(res, 200, { ok: true });
    }
    if (!isApiPath(url.pathname)) {
      serveStatic(
        opts.staticRoot ?? '/nonexistent',
        url.pathname,
        res,
        contentSecurityPolicy(`ws://127.0.0.1:${port} ws://localhost:${port}`),
      );
      return;
    }
    if (!tokenMatches(opts.token, tokenOf(req, url))) {
      return json(res, 401, {
        ok: false,
        error: { code: 'unauthorized', message: 'Missing or wrong library token.' },
      });
    }
    if (url.pathname.startsWith('/api/') && req.method === 'POST') {
      const method = decodePathPart(url.pathname.slice('/api/'.length));
      const body = await readJsonBody(req);
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      const result = await opts.dispatcher.call(method, body, { signal: controller.signal, emit: () => {} });
      return json(res, result.ok ? 200 : statusOf(result.error.code), result);
    }
    if (opts.routes && (await opts.routes(req, res, url))) return;
    json(res, 404, {
      ok: false,
      error: { code: 'not_found', message: `No route ${req.method} ${url.pathname}` },
    });
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      if (!allowedHosts().has(req.headers.host ?? '')) return refuseUpgrade(socket, 421);
      const url = parseTarget(req.url);
      const origin = req.headers.origin;
      const originOk = !origin || [...allowedHosts()].some((h) => origin === `http://${h}`);
      // A page of another origin is forbidden whatever it holds (403); a missing or wrong token is 401.
      if (url.pathname !== '/rpc') return refuseUpgrade(socket, 404);
      if (!originOk) return refuseUpgrade(socket, 403);
      if (!tokenMatches(opts.token, tokenOf(req, url))) return refuseUpgrade(socket, 401);
      sockets().handleUpgrade(req, socket, head, (ws) => attach(ws));
    } catch (e) {
      if (!(e instanceof HttpError)) opts.log.log('error', 'upgrade failed', { error: String(e) });
      refuseUpgrade(socket, e instanceof HttpError ? e.status : 400);
    }
  });

  function attach(ws: Ws.WebSocket) {
    const session = createRpcSession(
      opts.dispatcher,
      (frame: ServerFrame) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
      },
      { events: opts.events },
    );
    ws.on('message', (data) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(data));
      } catch {
        frame = null;
      }
      try {
        session.receive(frame);
      } catch (e) {
        opts.log.log('error', 'rpc frame failed', { error: String(e) });
      }
    });
    ws.on('close', () => session.close());
    ws.on('error', () => session.close());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${encodeURIComponent(opts.token)}`,
    async close() {
      for (const ws of wss?.clients ?? []) ws.terminate();
      wss?.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The token of an `Authorization: Bearer …` header; the scheme's name is case-insensitive (RFC 9110). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return null;
  return header.slice(space + 1).trim() || null;
}

/** The answer to a request Node's parser gave up on: 408 for a head too slow, 431 for one too large. */
function clientErrorStatus(err: NodeJS.ErrnoException): number {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (err.code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/** Everything that touches library data needs the token; the built UI itself is public. */
const apiPrefixes = ['/api/', '/rpc', '/graph-search', '/qa', '/metrics', '/files/'];
function isApiPath(p: string) {
  return apiPrefixes.some(
    (prefix) => p === prefix || p.startsWith(prefix.endsWith('/') ? prefix : prefix + '/'),
  );
}

function statusOf(code: string): number {
  const map: Record<string, number> = {
    invalid_input: 400,
    unknown_method: 404,
    not_found: 404,
    unauthorized: 401,
    conflict: 409,
    capacity: 429,
    library_locked: 423,
    cancelled: 499,
    timeout: 504,
    server_unreachable: 502,
    server_refused: 502,
    upstream: 502,
    model_missing: 424,
    disk_full: 507,
    library_damaged: 503,
  };
  return map[code] ?? 500;
}

const json = sendJson;

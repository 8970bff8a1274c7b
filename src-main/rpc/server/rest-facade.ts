import type http from 'node:http';
import { toRpcError } from '../../contract/errors';
import type { Dispatcher } from '../dispatch';

const MAX_BODY = 1024 * 1024;

export interface RestFacadeOptions {
  dispatcher: Dispatcher;
  /** Prometheus text for GET /metrics. */
  metrics: () => string | Promise<string>;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const parts: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY) throw Object.assign(new Error('Request body too large.'), { code: 'invalid_input' });
    parts.push(c);
  }
  const text = Buffer.concat(parts).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw Object.assign(new Error('The body is not valid JSON.'), { code: 'invalid_input' });
  }
}

const STATUS: Record<string, number> = {
  invalid_input: 400,
  not_found: 404,
  unauthorized: 401,
  conflict: 409,
  cancelled: 499,
};

/**
 * The REST façade of seed 000 on top of the typed contract: `POST /graph-search` (→ graph:search),
 * `POST /qa` (→ qa:ask, streamed as NDJSON: stream items as they come, then one `{"type":"result"}` line)
 * and `GET /metrics` (Prometheus text). Inputs go through the same dispatcher, so they are validated by
 * the same schemas as every other transport. Authentication happens before these routes run.
 */
export function createRestRoutes(opts: RestFacadeOptions) {
  return async (req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> => {
    try {
      if (url.pathname === '/metrics' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
        res.end(await opts.metrics());
        return true;
      }
      if (url.pathname === '/graph-search' && req.method === 'POST') {
        const result = await opts.dispatcher.call('graph:search', await readJson(req), {
          signal: new AbortController().signal,
          emit: () => undefined,
        });
        res.writeHead(result.ok ? 200 : (STATUS[result.error.code] ?? 500), {
          'content-type': 'application/json',
        });
        res.end(JSON.stringify(result));
        return true;
      }
      if (url.pathname === '/qa' && req.method === 'POST') {
        const body = await readJson(req);
        const controller = new AbortController();
        res.on('close', () => {
          if (!res.writableFinished) controller.abort();
        });
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
        const result = await opts.dispatcher.call('qa:ask', body, {
          signal: controller.signal,
          emit: (item) => void res.write(JSON.stringify(item) + '\n'),
        });
        res.end(
          JSON.stringify(
            result.ok
              ? { type: 'result', ok: true, data: result.data }
              : { type: 'result', ok: false, error: result.error },
          ) + '\n',
        );
        return true;
      }
      return false;
    } catch (e) {
      const err = toRpcError(e);
      if (!res.headersSent) {
        res.writeHead(STATUS[err.code] ?? 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: err }));
      } else res.end(JSON.stringify({ type: 'result', ok: false, error: err }) + '\n');
      return true;
    }
  };
}

import type http from 'node:http';
import { toRpcError } from '../../contract/errors';
import type { Dispatcher } from '../dispatch';
import { HttpError, readJsonBody, sendError } from './request-guards';

export interface RestFacadeOptions {
  dispatcher: Dispatcher;
  /** Prometheus text for GET /metrics. */
  metrics: () => string | Promise<string>;
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
        const result = await opts.dispatcher.call('graph:search', await readJsonBody(req), {
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
        const body = await readJsonBody(req);
        const controller = new AbortController();
        res.on('close', () => {
          if (!res.writableFinished) controller.abort();
        });
        // The status goes out with the first streamed item, so input the contract rejects (nothing was
        // streamed yet) still answers 400 rather than a 200 stream holding an error.
        const startStream = () => {
          if (!res.headersSent)
            res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
        };
        const result = await opts.dispatcher.call('qa:ask', body, {
          signal: controller.signal,
          emit: (item: unknown) => {
            startStream();
            res.write(JSON.stringify(item) + '\n');
          },
        });
        if (!result.ok && !res.headersSent) {
          sendError(res, STATUS[result.error.code] ?? 500, result.error.code, result.error.message);
          return true;
        }
        startStream();
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
      if (e instanceof HttpError) {
        sendError(res, e.status, e.code, e.message);
        return true;
      }
      const err = toRpcError(e);
      if (!res.headersSent) {
        res.writeHead(STATUS[err.code] ?? 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: err }));
      } else res.end(JSON.stringify({ type: 'result', ok: false, error: err }) + '\n');
      return true;
    }
  };
}

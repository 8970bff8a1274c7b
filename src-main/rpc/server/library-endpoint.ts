import fs from 'node:fs';
import path from 'node:path';
import { AriadneError } from '../../contract/errors';
import type { Input, MethodName, Output } from '../../contract/methods';
import type { Logger } from '../../core/deps';
import type { EventBus } from '../../core/event-bus';
import type { Dispatcher } from '../dispatch';
import { startApiServer, type ApiServer } from './http-server';
import { loadOrCreateToken } from './token';

/**
 * Kùzu lets one process write a database and no other process open it meanwhile (not even read-only), so
 * the process that holds a library shares it: it serves the API on 127.0.0.1 and records the port in
 * `<library>/endpoint.json`. Another `ariadne` command that finds the library in use calls that endpoint
 * with the library token (`server-token`, mode 0600) instead of failing "in use".
 */
const FILE = 'endpoint.json';

interface EndpointRecord {
  pid: number;
  port: number;
}

/** Records `port` as the endpoint of the library at `dataDir`; the returned function withdraws it. */
export function publishEndpoint(dataDir: string, port: number): () => void {
  const file = path.join(dataDir, FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ pid: process.pid, port } satisfies EndpointRecord), { mode: 0o600 });
  fs.renameSync(tmp, file);
  let done = false;
  const withdraw = () => {
    if (done) return;
    done = true;
    process.off('exit', withdraw);
    try {
      const rec = JSON.parse(fs.readFileSync(file, 'utf8')) as EndpointRecord;
      if (rec.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', withdraw);
  return withdraw;
}

/** Serves the API of a library this process holds (no UI) and publishes it; `close` undoes both. */
export async function shareLibrary(opts: {
  dataDir: string;
  dispatcher: Dispatcher;
  events: EventBus;
  log: Logger;
}): Promise<{ server: ApiServer; close(): Promise<void> }> {
  const server = await startApiServer({
    dispatcher: opts.dispatcher,
    events: opts.events,
    token: loadOrCreateToken(opts.dataDir),
    staticRoot: null,
    log: opts.log,
  });
  const withdraw = publishEndpoint(opts.dataDir, server.port);
  return {
    server,
    async close() {
      withdraw();
      await server.close();
    },
  };
}

export interface RemoteLibrary {
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>>;
  pid: number;
}

/** The endpoint of the process holding the library at `dataDir`, or null when none is published. */
export function connectToHolder(dataDir: string): RemoteLibrary | null {
  let rec: EndpointRecord;
  let token: string;
  try {
    rec = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as EndpointRecord;
    token = fs.readFileSync(path.join(dataDir, 'server-token'), 'utf8').trim();
  } catch {
    return null;
  }
  if (!Number.isInteger(rec.port) || rec.port <= 0 || rec.port > 65535 || !token) return null;
  return {
    pid: rec.pid,
    async call(method, input) {
      let res: Response;
      try {
        res = await fetch(`http://127.0.0.1:${rec.port}/api/${method}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        });
      } catch (e) {
        throw new AriadneError(
          'library_locked',
          `The library is in use by process ${rec.pid}, which does not answer.`,
          {
            cause: e,
          },
        );
      }
      const body = (await res.json().catch(() => null)) as
        | { ok: true; data: Output<typeof method> }
        | { ok: false; error: { code: string; message: string } }
        | null;
      if (!body)
        throw new AriadneError('upstream', `Process ${rec.pid} answered ${res.status} without a result.`);
      if (!body.ok) throw new AriadneError(body.error.code as 'internal', body.error.message);
      return body.data;
    },
  };
}

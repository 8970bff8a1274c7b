import { bootCore } from '../../src-main/core/boot';
import type { Core } from '../../src-main/core/create-core';
import { createMemoryLogger } from '../../src-main/core/deps';
import { createDispatcher } from '../../src-main/rpc/dispatch';
import { startApiServer, type ApiServer } from '../../src-main/rpc/server/http-server';
import { builtWorkerPaths } from './built-workers';

export interface BenchServer {
  core: Core;
  server: ApiServer;
  /** The bearer token the server asks of every call. */
  token: string;
  /** One JSON call to the HTTP API, as `ariadne serve` answers it; throws the server's error. */
  call<T>(method: string, input: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * A library in `dataDir` read by the built-in engine (the built workers when out/main holds them) and the
 * loopback HTTP API over it, as benches that measure what a client of `ariadne serve` meets start it.
 */
export async function startBenchServer(dataDir: string): Promise<BenchServer> {
  const log = createMemoryLogger();
  const workers = builtWorkerPaths();
  const { core } = await bootCore({
    dataDir,
    llm: 'builtin',
    ollamaUrl: 'http://127.0.0.1:9',
    host: 'test',
    version: 'bench',
    log,
    ...(workers ? { workers } : {}),
  });
  const token = 'bench-token-0123456789abcdefghijklmnopq';
  const server = await startApiServer({
    dispatcher: createDispatcher(core.handlers, log),
    events: core.events,
    token,
    staticRoot: null,
    log,
  });
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await res.json()) as { ok: boolean; data?: T; error?: { message: string } };
    if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
    return body.data as T;
  };
  const close = async () => {
    await server.close();
    await core.close();
  };
  return { core, server, token, call, close };
}

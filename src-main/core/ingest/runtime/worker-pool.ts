import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { AriadneError } from '../../../contract/errors';
import type { IngestWorkerApi } from './worker-api';

export interface WorkerPoolOptions {
  /** Entry file: out/main/ingest-worker.js when built, src-worker/ingest-worker.ts from source. */
  workerPath: string | URL;
  /** Default: cores − 1, at least 1. */
  size?: number;
}

export interface RunOptions {
  /**
   * A time budget: past it the worker is terminated (a synchronous loop cannot be interrupted any other
   * way), the call rejects with `onTimeout()`, and the pool starts a fresh worker for the next call.
   */
  timeoutMs?: number;
  onTimeout?: () => Error;
}

export interface WorkerPool {
  readonly size: number;
  /**
   * Runs `fn` on the least busy worker. If that worker dies (a budget ran out on another call, out of
   * memory), the call rejects with a retryable error instead of waiting forever for its reply.
   */
  run<T>(fn: (api: Comlink.Remote<IngestWorkerApi>) => Promise<T>, opts?: RunOptions): Promise<T>;
  close(): Promise<void>;
}

export function defaultPoolSize(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/**
 * Starts a worker. A .ts entry (tests, tsx) goes through tsx's ESM loader registered inside the worker:
 * `execArgv: ['--import', 'tsx']` does not reach worker threads on Node 20.
 */
export function spawnWorker(workerPath: string | URL): Worker {
  const file = workerPath instanceof URL ? fileURLToPath(workerPath) : workerPath;
  if (!file.endsWith('.ts')) return new Worker(file);
  const url = JSON.stringify(pathToFileURL(file).href);
  return new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${url}); });`, {
    eval: true,
  });
}

interface Slot {
  worker: Worker;
  api: Comlink.Remote<IngestWorkerApi>;
  busy: number;
  dead: boolean;
  /** Rejects when the worker errors or exits. */
  died: Promise<never>;
}

/** A fixed pool of comlink-wrapped worker_threads; a worker that dies is replaced on the next call. */
export function createWorkerPool(opts: WorkerPoolOptions): WorkerPool {
  const size = Math.max(1, opts.size ?? defaultPoolSize());
  let closed = false;
  const slots: Slot[] = [];
  const start = (): Slot => {
    const worker = spawnWorker(opts.workerPath);
    worker.unref();
    let reject: (e: Error) => void = () => undefined;
    const died = new Promise<never>((_, j) => (reject = j));
    died.catch(() => undefined);
    const slot: Slot = {
      worker,
      api: Comlink.wrap<IngestWorkerApi>(nodeEndpoint(worker)),
      busy: 0,
      dead: false,
      died,
    };
    const onDeath = (e?: unknown) => {
      slot.dead = true;
      const why = e instanceof Error ? `: ${e.message}` : '';
      reject(new AriadneError('internal', `An ingest worker stopped${why}.`, { retryable: true }));
    };
    worker.on('error', onDeath);
    worker.on('exit', () => onDeath());
    return slot;
  };
  const pick = (): Slot => {
    for (const [i, slot] of slots.entries()) if (slot.dead) slots[i] = start();
    if (slots.length < size) {
      const s = start();
      slots.push(s);
      return s;
    }
    return slots.reduce((a, b) => (b.busy < a.busy ? b : a));
  };
  return {
    size,
    async run(fn, runOpts = {}) {
      if (closed) throw new AriadneError('cancelled', 'The worker pool is closed.');
      const slot = pick();
      slot.busy++;
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const budget =
        runOpts.timeoutMs === undefined
          ? null
          : new Promise<never>((_, reject) => {
              timer = setTimeout(() => {
                timedOut = true;
                slot.dead = true;
                reject(runOpts.onTimeout?.() ?? new AriadneError('timeout', 'A worker call timed out.'));
                void slot.worker.terminate();
              }, runOpts.timeoutMs);
            });
      budget?.catch(() => undefined);
      try {
        return await Promise.race([fn(slot.api), slot.died, ...(budget ? [budget] : [])]);
      } catch (e) {
        if (timedOut && budget) return await budget;
        throw e;
      } finally {
        clearTimeout(timer);
        slot.busy--;
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (s) => {
          s.api[Comlink.releaseProxy]();
          await s.worker.terminate();
        }),
      );
      slots.length = 0;
    },
  };
}

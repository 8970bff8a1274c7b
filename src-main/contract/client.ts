import { AriadneError } from './errors';
import type { EventName, EventPayload } from './events';
import type { Input, MethodName, Output, StreamItem } from './methods';
import type { ClientFrame, ServerFrame } from './wire';

/** Anything that can carry frames to the backend and back: a WebSocket, the Electron preload, memory. */
export interface ClientTransport {
  send(frame: ClientFrame): void;
  onFrame(listener: (frame: ServerFrame) => void): () => void;
}

export interface CallOptions<M extends MethodName> {
  onItem?: (item: StreamItem<M>) => void;
  signal?: AbortSignal;
}

export interface RpcClient {
  call<M extends MethodName>(method: M, input: Input<M>, opts?: CallOptions<M>): Promise<Output<M>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

let counter = 0;

/**
 * The typed client used by the renderer, the CLI's remote mode and the tests. Errors arrive as
 * AriadneError with the backend's code, so callers branch on `code`, not on message text.
 */
export function createRpcClient(transport: ClientTransport): RpcClient {
  const pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void; onItem?: (i: unknown) => void }
  >();
  const listeners = new Map<string, Set<(p: unknown) => void>>();

  transport.onFrame((frame) => {
    if (frame.type === 'event') {
      for (const l of listeners.get(frame.name) ?? []) l(frame.payload);
      return;
    }
    const p = pending.get(frame.id);
    if (!p) return;
    if (frame.type === 'stream') {
      p.onItem?.(frame.item);
      return;
    }
    pending.delete(frame.id);
    if (frame.result.ok) p.resolve(frame.result.data);
    else {
      const { code, message, retryable, action } = frame.result.error;
      p.reject(new AriadneError(code, message, { retryable, action }));
    }
  });

  return {
    call(method, input, opts = {}) {
      const id = `c${Date.now().toString(36)}-${(counter++).toString(36)}`;
      return new Promise((resolve, reject) => {
        if (opts.signal?.aborted) {
          reject(new AriadneError('cancelled', `${method} was cancelled.`));
          return;
        }
        // The listener goes when the call ends: a caller's signal often outlives many calls.
        const signal = opts.signal;
        const onAbort = () => transport.send({ type: 'cancel', id });
        const off = () => signal?.removeEventListener('abort', onAbort);
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          resolve: (v: unknown) => (off(), resolve(v as Output<typeof method>)),
          reject: (e: unknown) => (off(), reject(e)),
          onItem: opts.onItem as (i: unknown) => void,
        });
        transport.send({ type: 'call', id, method, params: input });
      });
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
}

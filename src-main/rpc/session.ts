import { ClientFrame, type ServerFrame } from '../contract';
import type { EventBus } from '../core/event-bus';
import type { Dispatcher } from './dispatch';

export interface RpcSession {
  /** Feed one decoded frame from the client. Malformed frames are answered, never thrown. */
  receive(frame: unknown): void;
  /** The peer went away: abort everything it started and stop sending. */
  close(): void;
}

/**
 * The one implementation of the wire protocol (calls, streamed items, cancellation, events), shared by
 * the WebSocket, Electron IPC and in-memory transports so streaming is designed once.
 */
export function createRpcSession(
  dispatcher: Dispatcher,
  send: (frame: ServerFrame) => void,
  opts: { events?: EventBus; maxInFlight?: number } = {},
): RpcSession {
  const inFlight = new Map<string, AbortController>();
  const maxInFlight = opts.maxInFlight ?? 256;
  let closed = false;
  const safeSend = (frame: ServerFrame) => {
    if (!closed) send(frame);
  };
  const unsubscribe = opts.events?.subscribe((name, payload) => safeSend({ type: 'event', name, payload }));

  return {
    receive(raw) {
      if (closed) return;
      const parsed = ClientFrame.safeParse(raw);
      if (!parsed.success) {
        const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : '';
        safeSend({
          type: 'result',
          id,
          result: { ok: false, error: { code: 'invalid_input', message: 'Malformed RPC frame.' } },
        });
        return;
      }
      const frame = parsed.data;
      if (frame.type === 'cancel') {
        inFlight.get(frame.id)?.abort();
        return;
      }
      if (inFlight.has(frame.id)) {
        // Answered without the id: a result carrying it would settle the call still running under it, whose
        // own result would then find nobody waiting.
        safeSend({
          type: 'result',
          id: '',
          result: {
            ok: false,
            error: {
              code: 'invalid_input',
              message: `Duplicate call id ${JSON.stringify(frame.id)}: a call with this id is still running.`,
            },
          },
        });
        return;
      }
      if (inFlight.size >= maxInFlight) {
        safeSend({
          type: 'result',
          id: frame.id,
          result: { ok: false, error: { code: 'capacity', message: 'Too many calls in flight.' } },
        });
        return;
      }
      const controller = new AbortController();
      inFlight.set(frame.id, controller);
      void dispatcher
        .call(frame.method, frame.params, {
          signal: controller.signal,
          emit: (item) => safeSend({ type: 'stream', id: frame.id, item }),
        })
        .then((result) => {
          inFlight.delete(frame.id);
          safeSend({ type: 'result', id: frame.id, result });
        })
        .catch(() => {
          // A result the transport cannot send (a closed socket mid-write) must not become an unhandled
          // rejection, which ends the process.
          inFlight.delete(frame.id);
        });
    },
    close() {
      closed = true;
      unsubscribe?.();
      for (const c of inFlight.values()) c.abort();
      inFlight.clear();
    },
  };
}

import type { ClientTransport, ServerFrame } from '../../contract';
import type { EventBus } from '../../core/event-bus';
import type { Dispatcher } from '../dispatch';
import { createRpcSession } from '../session';

/**
 * A transport that never leaves the process, for tests and for the CLI's local commands. Frames are
 * cloned through JSON so handlers cannot rely on sharing objects with callers, exactly as over a socket.
 */
export function createInMemoryTransport(
  dispatcher: Dispatcher,
  events?: EventBus,
): ClientTransport & { close(): void } {
  const listeners = new Set<(f: ServerFrame) => void>();
  const session = createRpcSession(
    dispatcher,
    (frame) => {
      const copy = JSON.parse(JSON.stringify(frame)) as ServerFrame;
      queueMicrotask(() => listeners.forEach((l) => l(copy)));
    },
    { events },
  );
  return {
    send: (frame) => session.receive(JSON.parse(JSON.stringify(frame))),
    onFrame(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => session.close(),
  };
}

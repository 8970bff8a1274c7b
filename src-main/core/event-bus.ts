import type { EventName, EventPayload } from '../contract';

type Listener = (name: EventName, payload: unknown) => void;

/** Typed fan-out of server events; transports subscribe once and forward to their clients. */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) {
      try {
        l(name, payload);
      } catch {
        // A broken subscriber (a closed socket) must not stop the others or the emitter.
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

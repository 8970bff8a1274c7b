import type { z } from 'zod';
import { AppHealth } from './app';
import { graphEvents } from './graph';
import { libraryEvents } from './library';

/** Server-pushed events, broadcast to every connected client. Domains add theirs here. */
export const events = {
  'app:health-changed': AppHealth,
  ...libraryEvents,
  ...graphEvents,
};

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

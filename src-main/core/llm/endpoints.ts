import type { EndpointStatus } from '../../contract/llm';
import type { Clock } from '../deps';
import type { ModelServer } from './server';
import { at } from '../at';

/** A dead endpoint is tried again after this long, doubling up to `MAX_DEAD_MS` while it stays dead. */
export const FIRST_DEAD_MS = 10_000;
export const MAX_DEAD_MS = 300_000;

interface Endpoint {
  server: ModelServer;
  active: number;
  calls: number;
  failures: number;
  lastError: string | null;
  /** Set while the endpoint is out; null when it is alive. */
  deadUntil: number | null;
  deadForMs: number;
  /** A dead endpoint past its time gets one call to prove itself; the others keep away meanwhile. */
  probing: boolean;
}

export interface EndpointLease {
  server: ModelServer;
  release(): void;
}

/**
 * Several servers of one provider serving the same models (a laptop and a lab server, two GPU hosts). Each
 * endpoint offers the same number of slots (the "parallel model calls" setting); a call goes to the endpoint
 * with the most free slots, so a fast server that finishes sooner takes more. An endpoint that cannot be
 * reached is taken out, and tried again later with one call, after 10 s, then 20 s… up to 5 minutes.
 */
export function createEndpointPool(servers: readonly ModelServer[], clock: Clock) {
  if (!servers.length) throw new Error('a provider needs at least one endpoint');
  const endpoints: Endpoint[] = servers.map((server) => ({
    server,
    active: 0,
    calls: 0,
    failures: 0,
    lastError: null,
    deadUntil: null,
    deadForMs: FIRST_DEAD_MS,
    probing: false,
  }));
  const find = (s: ModelServer) => endpoints.find((e) => e.server === s);
  const usableNow = (e: Endpoint) => e.deadUntil === null || (!e.probing && clock.now() >= e.deadUntil);

  return {
    primary: at(servers, 0),
    servers,
    /** Endpoints that may take a call now: the limiter's size is this times the slots per endpoint. */
    usable(): number {
      return Math.max(1, endpoints.filter(usableNow).length);
    },
    /** Endpoints outside `tried` that may take a call now. */
    usableExcept(tried: ReadonlySet<ModelServer>): number {
      return endpoints.filter((e) => !tried.has(e.server) && usableNow(e)).length;
    },
    /**
     * The endpoint for the next call, not one of `skip` (already tried by this call). When every endpoint is
     * out, the one due back first is tried anyway: the call then fails as a single server's would.
     */
    take(perEndpoint: number, skip: ReadonlySet<ModelServer> = new Set()): EndpointLease | null {
      const candidates = endpoints.filter((e) => !skip.has(e.server));
      if (!candidates.length) return null;
      const usable = candidates.filter(usableNow);
      const pick = usable.length
        ? usable.reduce((best, e) => {
            const free = perEndpoint - e.active;
            const bestFree = perEndpoint - best.active;
            return free > bestFree || (free === bestFree && e.calls < best.calls) ? e : best;
          })
        : candidates.reduce((a, b) => ((a.deadUntil ?? 0) <= (b.deadUntil ?? 0) ? a : b));
      if (pick.deadUntil !== null) pick.probing = true;
      pick.active++;
      pick.calls++;
      let released = false;
      return {
        server: pick.server,
        release() {
          if (released) return;
          released = true;
          pick.active--;
        },
      };
    },
    /** The endpoint answered: it is back in (and its next failure waits the shortest time again). */
    alive(server: ModelServer) {
      const e = find(server);
      if (!e) return;
      e.deadUntil = null;
      e.deadForMs = FIRST_DEAD_MS;
      e.probing = false;
    },
    /** The endpoint could not be reached: out until its time comes. */
    dead(server: ModelServer, error: string) {
      const e = find(server);
      if (!e) return;
      e.failures++;
      e.lastError = error;
      e.deadForMs = e.deadUntil === null ? FIRST_DEAD_MS : Math.min(MAX_DEAD_MS, e.deadForMs * 2);
      e.deadUntil = clock.now() + e.deadForMs;
      e.probing = false;
    },
    /** Any other failure still counts, for `doctor`. */
    failed(server: ModelServer, error: string) {
      const e = find(server);
      if (!e) return;
      e.failures++;
      e.lastError = error;
      e.probing = false;
    },
    describe(): EndpointStatus[] {
      return endpoints.map((e) => ({
        url: e.server.url,
        alive: e.deadUntil === null,
        active: e.active,
        calls: e.calls,
        failures: e.failures,
        lastError: e.lastError,
        retryInMs: e.deadUntil === null ? null : Math.max(0, e.deadUntil - clock.now()),
      }));
    },
  };
}

export type EndpointPool = ReturnType<typeof createEndpointPool>;

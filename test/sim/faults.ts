import { fnv1a } from '../../src-main/core/llm/builtin/embed';

/** What the simulator can do wrong, modelled on failures seen from real Ollama servers. */
export const FAULT_KINDS = [
  'http500', // {"error": …} with status 500
  'http503', // queue full: "server busy, please try again.  maximum pending requests exceeded"
  'http404', // model not found
  'fenced', // valid JSON wrapped in a code fence with trailing commas: repairable
  'malformed', // not JSON at all
  'truncated', // JSON cut in half, done_reason "length"
  'schema', // valid JSON with wrong types
  'stall', // accepts the request, then says nothing for `stallMs`
  'drop', // closes the socket (before the reply, or mid-stream)
  'midstream', // a streamed {"error": …} line after a few tokens
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that need a generated reply; transport faults apply to every endpoint. */
export const CONTENT_FAULTS: FaultKind[] = ['fenced', 'malformed', 'truncated', 'schema', 'midstream'];
/** The faults an endpoint without a generated reply (embeddings) can meet. */
export const TRANSPORT_FAULTS: FaultKind[] = ['http500', 'http503', 'http404', 'stall', 'drop'];

export interface FaultSpec {
  /** Added before the first byte of every reply. */
  latencyMs?: number;
  /** Between streamed tokens (and pull progress lines). */
  tokenLatencyMs?: number;
  /** Probability that a call gets a fault, 0..1. */
  rate?: number;
  /** Relative weights of the fault kinds; default: all kinds equally. */
  kinds?: Partial<Record<FaultKind, number>>;
  /** How long a stall lasts; default 60 s (the client's timeout should fire first). */
  stallMs?: number;
}

export interface SimFaults {
  /** Seed of the fault dice; the same seed and the same requests give the same faults. */
  seed?: number;
  default?: FaultSpec;
  /** Per model name (with or without tag), merged over `default`. */
  models?: Record<string, FaultSpec>;
}

/** Per-request overrides, for tests that need one exact fault: `x-sim-fault: truncated`. */
export const FAULT_HEADER = 'x-sim-fault';
export const LATENCY_HEADER = 'x-sim-latency-ms';
export const TOKEN_LATENCY_HEADER = 'x-sim-token-ms';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultDecision {
  kind: FaultKind | null;
  latencyMs: number;
  tokenLatencyMs: number;
  stallMs: number;
}

/**
 * Decides the fault for one request. The dice are seeded by (seed, request body, how many times this body
 * was seen), so outcomes do not depend on how concurrent requests interleave, yet a retry of the same
 * request rolls again.
 */
export function createFaultPlanner(initial: SimFaults = {}) {
  let config = initial;
  const seen = new Map<number, number>();
  return {
    get config() {
      return config;
    },
    set(next: SimFaults) {
      config = next;
      seen.clear();
    },
    decide(
      model: string,
      body: string,
      headers: Record<string, string | string[] | undefined>,
      allowed: readonly FaultKind[],
    ): FaultDecision {
      const spec: FaultSpec = { ...config.default, ...modelSpec(config, model) };
      const forced = header(headers, FAULT_HEADER);
      const decision: FaultDecision = {
        kind: null,
        latencyMs: Number(header(headers, LATENCY_HEADER) ?? spec.latencyMs ?? 0),
        tokenLatencyMs: Number(header(headers, TOKEN_LATENCY_HEADER) ?? spec.tokenLatencyMs ?? 0),
        stallMs: spec.stallMs ?? 60_000,
      };
      if (forced) {
        decision.kind = (FAULT_KINDS as readonly string[]).includes(forced) ? (forced as FaultKind) : null;
        return decision;
      }
      const key = fnv1a(body, (config.seed ?? 1) >>> 0);
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const rng = mulberry32((key + Math.imul(n, 0x9e3779b9)) >>> 0);
      if (!spec.rate || rng() >= spec.rate) return decision;
      const weights = FAULT_KINDS.filter((k) => allowed.includes(k)).map(
        (k) => [k, spec.kinds ? (spec.kinds[k] ?? 0) : 1] as const,
      );
      const total = weights.reduce((s, [, w]) => s + w, 0);
      if (total <= 0) return decision;
      let r = rng() * total;
      for (const [k, w] of weights) {
        r -= w;
        if (r < 0) {
          decision.kind = k;
          break;
        }
      }
      return decision;
    },
  };
}

function modelSpec(config: SimFaults, model: string): FaultSpec | undefined {
  const m = config.models ?? {};
  return m[model] ?? m[model.replace(/:latest$/, '')];
}

function header(h: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

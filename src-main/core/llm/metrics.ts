import { AriadneError } from '../../contract';
import type { CallOutcome, LlmStats } from '../../contract/llm';

export interface CallRecord {
  op: string;
  model: string | null;
  outcome: CallOutcome;
  latencyMs: number;
  promptTokens: number;
  outputTokens: number;
  /** Error code when the call failed, e.g. `model_missing`. */
  code?: string;
  /** The server that answered (or failed), when the provider has several. */
  endpoint?: string;
}

export interface LlmMetrics {
  record(r: CallRecord): void;
  snapshot(): LlmStats;
  /** The most recent calls, newest last, for the diagnostics view. */
  recent(): CallRecord[];
  /** Notified on every call, e.g. to log latency per chunk. */
  onCall(fn: (r: CallRecord) => void): () => void;
}

const OUTCOMES: CallOutcome[] = ['ok', 'schema-invalid', 'upstream-error', 'timeout', 'cancelled'];

function zeroCounts(): Record<CallOutcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<CallOutcome, number>;
}

/** Maps a thrown error to the outcome class the seed asks us to count separately. */
export function outcomeOf(e: unknown): CallOutcome {
  if (e instanceof AriadneError) {
    if (e.code === 'schema_invalid') return 'schema-invalid';
    if (e.code === 'timeout') return 'timeout';
    if (e.code === 'cancelled') return 'cancelled';
  }
  return 'upstream-error';
}

export function createMetrics(keepRecent = 200): LlmMetrics {
  const byOutcome = zeroCounts();
  const byOp = new Map<string, { calls: number; byOutcome: Record<CallOutcome, number> }>();
  const recent: CallRecord[] = [];
  const listeners = new Set<(r: CallRecord) => void>();
  let calls = 0;
  let promptTokens = 0;
  let outputTokens = 0;
  let latencyTotal = 0;
  let latencyMax = 0;
  return {
    record(r) {
      calls++;
      byOutcome[r.outcome]++;
      const op = byOp.get(r.op) ?? { calls: 0, byOutcome: zeroCounts() };
      op.calls++;
      op.byOutcome[r.outcome]++;
      byOp.set(r.op, op);
      promptTokens += r.promptTokens;
      outputTokens += r.outputTokens;
      latencyTotal += r.latencyMs;
      latencyMax = Math.max(latencyMax, r.latencyMs);
      recent.push(r);
      if (recent.length > keepRecent) recent.shift();
      for (const fn of listeners) fn(r);
    },
    snapshot() {
      return {
        calls,
        byOutcome: { ...byOutcome },
        byOp: Object.fromEntries(
          [...byOp].map(([k, v]) => [k, { calls: v.calls, byOutcome: { ...v.byOutcome } }]),
        ),
        promptTokens,
        outputTokens,
        latencyMs: { total: latencyTotal, max: latencyMax, mean: calls ? latencyTotal / calls : 0 },
      };
    },
    recent: () => [...recent],
    onCall(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

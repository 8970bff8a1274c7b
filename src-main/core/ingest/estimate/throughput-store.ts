import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../library/atomic-file';
import type { CallRecord } from '../../llm/metrics';
import type { ModelThroughput } from './estimate';

/** The op of the one structured call per passage (model-tasks.ts): the only call the estimate counts. */
export const PASSAGE_OP = 'passage';
/**
 * The means follow the last ~20 calls: a model that moved to another machine, or whose library now runs
 * more calls at once, is re-learnt within one document rather than averaged with its past for ever.
 */
const WINDOW = 20;

const Throughput = z.object({
  model: z.string(),
  calls: z.number().int().nonnegative(),
  msPerCall: z.number().nonnegative(),
  promptTokensPerCall: z.number().nonnegative(),
  outputTokensPerCall: z.number().nonnegative(),
  outputTokensPerSecond: z.number().nonnegative(),
  source: z.enum(['calls', 'probe']),
  updatedAt: z.string(),
});
const ThroughputFile = z.object({ models: z.record(z.string(), Throughput) });

export interface ThroughputStore {
  get(model: string): ModelThroughput | null;
  /** Folds a finished call in: successful passage calls only (a failure says nothing about speed). */
  record(call: CallRecord, opts?: { probe?: boolean }): void;
  /** Resolves when every recorded call is on disk. */
  flushed(): Promise<void>;
}

/** Measured throughput per chat model, kept in `<library>/model-throughput.json` across runs. */
export function openThroughputStore(dataDir: string, now: () => number = Date.now): ThroughputStore {
  const file = path.join(dataDir, 'model-throughput.json');
  const models = readFile(file);
  let writing = Promise.resolve();
  return {
    get: (model) => models[model] ?? null,
    record(call, opts = {}) {
      if (call.outcome !== 'ok' || call.op !== PASSAGE_OP || !call.model || call.latencyMs <= 0) return;
      const old = models[call.model];
      // A probe's measurement is replaced by the first real call's, which ran at the library's concurrency.
      const prior = old && !(old.source === 'probe' && !opts.probe) ? old : null;
      const n = Math.min(prior?.calls ?? 0, WINDOW - 1);
      const mean = (a: number | undefined, b: number) => ((a ?? 0) * n + b) / (n + 1);
      const msPerCall = mean(prior?.msPerCall, call.latencyMs);
      const outputTokensPerCall = mean(prior?.outputTokensPerCall, call.outputTokens);
      models[call.model] = {
        model: call.model,
        calls: (prior?.calls ?? 0) + 1,
        msPerCall,
        promptTokensPerCall: mean(prior?.promptTokensPerCall, call.promptTokens),
        outputTokensPerCall,
        outputTokensPerSecond: outputTokensPerCall / (msPerCall / 1000),
        source: opts.probe ? 'probe' : 'calls',
        updatedAt: new Date(now()).toISOString(),
      };
      const text = JSON.stringify({ models }, null, 2);
      // Serialised so an older write never lands after a newer one; a failed write only loses a measurement.
      writing = writing.then(() => writeFileAtomic(file, text)).catch(() => undefined);
    },
    flushed: () => writing,
  };
}

/** A missing, unreadable or hand-broken file is an empty one: measurements are a cache, never a blocker. */
function readFile(file: string): Record<string, ModelThroughput> {
  try {
    const r = ThroughputFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return r.success ? r.data.models : {};
  } catch {
    return {};
  }
}

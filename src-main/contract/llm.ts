import { z } from 'zod';
import { Empty, method } from './define';
import { ProviderName } from './app';

/** Which provider the user asked for; `auto` probes Ollama and falls back to the built-in one. */
export const ProviderKind = z.enum(['auto', 'builtin', 'ollama']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

export const LlmSettings = z.object({
  provider: ProviderKind.default('auto'),
  host: z.string().url().default(DEFAULT_OLLAMA_HOST),
  /** null means "pick the recommended installed model". */
  chatModel: z.string().min(1).nullable().default(null),
  embedModel: z.string().min(1).nullable().default(null),
  /** Parallel LLM calls; Ollama serves OLLAMA_NUM_PARALLEL requests at once and queues the rest. */
  concurrency: z.number().int().min(1).max(16).default(2),
  /** Upper bound for one call; a stalled model must not hold an ingestion slot forever. */
  timeoutMs: z.number().int().min(1000).max(3_600_000).default(300_000),
  /** Enables the longevity extension of the entity types. */
  longevityTypes: z.boolean().default(false),
});
export type LlmSettings = z.infer<typeof LlmSettings>;

export const ModelKind = z.enum(['chat', 'embed']);
export type ModelKind = z.infer<typeof ModelKind>;

export const ModelInfo = z.object({
  name: z.string(),
  kind: ModelKind,
  sizeBytes: z.number().nonnegative(),
  family: z.string().nullable(),
  parameterSize: z.string().nullable(),
  quantization: z.string().nullable(),
  modifiedAt: z.string().nullable(),
});
export type ModelInfo = z.infer<typeof ModelInfo>;

export const ModelList = z.object({
  provider: ProviderName,
  models: z.array(ModelInfo),
  recommended: z.object({ chat: z.string().nullable(), embed: z.string().nullable() }),
});
export type ModelList = z.infer<typeof ModelList>;

/** One line of Ollama's pull stream, with a percentage computed when the layer size is known. */
export const PullProgress = z.object({
  model: z.string(),
  status: z.string(),
  digest: z.string().optional(),
  total: z.number().optional(),
  completed: z.number().optional(),
  percent: z.number().min(0).max(100).optional(),
});
export type PullProgress = z.infer<typeof PullProgress>;

export const ConnectionTest = z.object({
  ok: z.boolean(),
  host: z.string(),
  version: z.string().nullable(),
  latencyMs: z.number(),
  modelCount: z.number().int(),
  detail: z.string(),
  fix: z.string().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

export const CallOutcome = z.enum(['ok', 'schema-invalid', 'upstream-error', 'timeout', 'cancelled']);
export type CallOutcome = z.infer<typeof CallOutcome>;

const OutcomeCounts = z.record(CallOutcome, z.number().int());

/** Aggregated call metrics; the seed asks to tell schema failures from upstream errors. */
export const LlmStats = z.object({
  calls: z.number().int(),
  byOutcome: OutcomeCounts,
  byOp: z.record(z.string(), z.object({ calls: z.number().int(), byOutcome: OutcomeCounts })),
  promptTokens: z.number().int(),
  outputTokens: z.number().int(),
  latencyMs: z.object({ total: z.number(), max: z.number(), mean: z.number() }),
});
export type LlmStats = z.infer<typeof LlmStats>;

export const llmMethods = {
  'llm:models': method({
    input: Empty,
    output: ModelList,
    summary: 'Installed models of the active provider, with a recommended chat and embedding model.',
  }),
  'llm:pull': method({
    input: z.object({ model: z.string().min(1) }),
    output: z.object({ model: z.string(), status: z.literal('success') }),
    stream: PullProgress,
    summary: 'Download a model into Ollama, streaming progress.',
  }),
  'llm:test-connection': method({
    input: z.object({ host: z.string().url().optional() }),
    output: ConnectionTest,
    summary: 'Probe an Ollama server: version, latency and installed model count.',
  }),
  'llm:stats': method({
    input: Empty,
    output: LlmStats,
    summary:
      'LLM call counters: latency, tokens and outcome (ok, schema-invalid, upstream error, timeout, cancelled).',
  }),
};

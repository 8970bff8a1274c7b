import { z } from 'zod';
import { Empty, method } from './define';
import { NameText } from './text-safety';
import { ProviderName } from './app';

/**
 * Which provider the user asked for: `auto` probes Ollama and falls back to the built-in one; `openai` is any
 * OpenAI-compatible server (LM Studio, llama.cpp's llama-server, vLLM, LocalAI, Jan).
 */
export const ProviderKind = z.enum(['auto', 'builtin', 'ollama', 'openai']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';
/** LM Studio's default; llama-server listens on :8080, vLLM on :8000. */
export const DEFAULT_OPENAI_BASE_URL = 'http://127.0.0.1:1234/v1';

export const LlmSettings = z.object({
  provider: ProviderKind.default('auto'),
  /** Ollama's address. */
  host: z.string().url().default(DEFAULT_OLLAMA_HOST),
  /** The OpenAI-compatible server's base URL (its API key is kept apart: `core/app/secrets.ts`). */
  baseUrl: z.string().url().default(DEFAULT_OPENAI_BASE_URL),
  /**
   * More servers of the same provider serving the same models (a lab server beside the laptop): calls go to
   * whichever has a free slot, and one that stops answering is left out and tried again later.
   */
  extraEndpoints: z.array(z.string().url()).max(8).default([]),
  /** null means "pick the recommended installed model". */
  chatModel: NameText(200).nullable().default(null),
  embedModel: NameText(200).nullable().default(null),
  /**
   * Model calls in flight per server: as many as the server answers at once (Ollama's OLLAMA_NUM_PARALLEL,
   * llama-server's --parallel); more only wait in the server's queue.
   */
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

const ModelSuggestion = z.object({
  model: z.string(),
  kind: ModelKind,
  downloadBytes: z.number(),
  why: z.string(),
});

/** What Settings and `doctor` tell a newcomer: what a model adds, and which to pull on this machine. */
export const ModelGuide = z.object({
  whatAModelAdds: z.string(),
  memoryBytes: z.number(),
  installUrl: z.string(),
  recommended: z.array(ModelSuggestion),
  alternatives: z.array(ModelSuggestion),
});
export type ModelGuide = z.infer<typeof ModelGuide>;

/**
 * What a saved change of the model settings did: applied now, or at the next start, and whether the chosen
 * server answers. Settings shows it instead of a plain "saved" (a green "saved" while Ollama is down misleads).
 */
export const SettingsEffect = z.object({
  applied: z.enum(['now', 'next-start']),
  ok: z.boolean(),
  message: z.string(),
});
export type SettingsEffect = z.infer<typeof SettingsEffect>;

/** One endpoint of the provider, as `doctor` and Settings report it. */
export const EndpointStatus = z.object({
  url: z.string(),
  alive: z.boolean(),
  active: z.number().int(),
  calls: z.number().int(),
  failures: z.number().int(),
  lastError: z.string().nullable(),
  /** When a dead endpoint is tried again; null while it is alive. */
  retryInMs: z.number().nullable(),
});
export type EndpointStatus = z.infer<typeof EndpointStatus>;

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
    input: z.object({
      provider: z.enum(['ollama', 'openai']).optional(),
      host: z.string().url().optional(),
      /** A key typed but not saved yet; without it the saved key is used. */
      apiKey: z.string().max(4096).optional(),
    }),
    output: ConnectionTest,
    summary: 'Probe a model server (Ollama or OpenAI-compatible): version, latency and model count.',
  }),
  'llm:api-key': method({
    input: z.object({ apiKey: z.string().max(4096).nullable() }),
    output: z.object({ stored: z.boolean() }),
    summary:
      'Store (or with null forget) the API key of the OpenAI-compatible server, outside the library folder.',
  }),
  'llm:guide': method({
    input: Empty,
    output: ModelGuide,
    summary: "What a model adds and which models to pull for this machine's memory, with download sizes.",
  }),
  'llm:endpoints': method({
    input: Empty,
    output: z.array(EndpointStatus),
    summary: 'Each endpoint of the model provider: alive or left out, calls and failures.',
  }),
  'llm:stats': method({
    input: Empty,
    output: LlmStats,
    summary:
      'LLM call counters: latency, tokens and outcome (ok, schema-invalid, upstream error, timeout, cancelled).',
  }),
};

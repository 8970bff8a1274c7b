import type { AriadneError } from '../../contract';
import type { ModelInfo, PullProgress } from '../../contract/llm';
import type { ChatMessage } from './provider';

/**
 * One model server's API, as plainly as it speaks it: Ollama's `/api/*` or an OpenAI-compatible `/v1/*`.
 * A server only translates; everything a provider must do around a call — the limiter, the time limit and
 * cancel, metrics, error classes, reading structured output, stripping a thinking model's reasoning, spreading
 * calls over several endpoints — is done once, for every server, by `served-provider.ts`.
 *
 * Adding a provider is writing one of these (see docs/ARCHITECTURE.md, "Add a model provider").
 */
export interface ModelServer {
  /** The provider it speaks for, e.g. 'ollama'. */
  readonly kind: 'ollama' | 'openai';
  /** The address as configured (no trailing slash), shown in messages and `doctor`. */
  readonly url: string;
  /** How messages name it: "Ollama", "The model server". */
  readonly label: string;
  /** The action offered when it cannot be reached, e.g. {kind: 'start-ollama', host}. */
  readonly startAction: Record<string, unknown>;
  /** A one-line hint for `doctor` and Settings when it cannot be reached. */
  readonly unreachableFix: string;

  chat(req: ServerChatRequest, call: ServerCall): Promise<ServerChatReply>;
  /** Content tokens as they come (reasoning fields are not content and are left out). */
  stream(req: ServerChatRequest, call: ServerCall): AsyncIterable<string>;
  /** One vector per input, in order; the caller batches. */
  embed(model: string, texts: string[], call: ServerCall): Promise<number[][]>;
  models(call: ServerCall): Promise<ModelInfo[]>;
  /** A cheap "are you there": version (when the server tells it) and how many models it serves. */
  probe(call: ServerCall): Promise<{ version: string | null; modelCount: number }>;
  /** Whatever `chat`, `embed`… threw, as an error the UI can act on (transport errors are shared). */
  classify(
    e: unknown,
    ctx: { model?: string | null; timedOut: boolean; cancelled: boolean; timeoutMs: number },
  ): AriadneError;

  // Optional capabilities: absent where the server has no such thing.
  /** Downloads a model, reporting progress (Ollama). */
  pull?(model: string, call: ServerCall, onProgress: (p: PullProgress) => void): Promise<void>;
  /** The model's context window in tokens, or null when the server does not say. */
  contextLength?(model: string, call: ServerCall): Promise<number | null>;
}

export interface ServerCall {
  /** Fires on the caller's cancel or on the call's time limit. */
  signal: AbortSignal;
  /** A streamed reply's sign of life: restarts the idle timer. */
  touch(): void;
}

export interface ServerChatRequest {
  model: string;
  messages: ChatMessage[];
  /** The JSON schema the reply must follow; absent for free text. */
  jsonSchema?: Record<string, unknown>;
  /** The schema's name, for servers that want one (`response_format.json_schema.name`). */
  schemaName?: string;
  temperature: number;
  seed: number;
  maxOutputTokens: number;
  think: boolean;
  /** Context to reserve (Ollama's num_ctx); servers that fix it when the model loads ignore it. */
  contextTokens?: number;
}

export interface ServerChatReply {
  /** The message content (a thinking model's `<think>` block still inside; stripped by the caller). */
  content: string;
  promptTokens?: number;
  outputTokens?: number;
  /** 'length' when the reply hit the token limit. */
  doneReason?: string;
}

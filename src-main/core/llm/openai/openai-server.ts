import { AriadneError } from '../../../contract';
import type { ModelInfo } from '../../../contract/llm';
import { trimEndChars } from '../../nlp/trim-chars';
import { classifyHttpStatus, classifyTransportError, HttpStatusError, type ErrorContext } from '../errors';
import { modelKind } from '../recommend';
import type { ModelServer, ServerCall, ServerChatRequest } from '../server';
import { readSse } from './sse';

export interface OpenAiServerOptions {
  /** e.g. http://127.0.0.1:1234/v1 (LM Studio), http://127.0.0.1:8080/v1 (llama.cpp), …:8000/v1 (vLLM). */
  baseUrl: string;
  apiKey?: string | null;
  headers?: Record<string, string>;
}

/**
 * How a server takes structured output, learnt from its answers: `json_schema` first (LM Studio, llama.cpp,
 * vLLM, OpenAI); a server that refuses it gets `json_object` (JSON mode) with the schema in the prompt, and one
 * that refuses that too gets the schema in the prompt alone. The reply is validated against the schema
 * whichever way it came.
 */
export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

/** A 400 that is about response_format, not about the prompt: the server cannot do this mode. */
const FORMAT_REFUSAL = /response_format|json_schema|json_object|grammar|structured output|guided/i;

/** An address without a path means the API's usual place, /v1. */
export function normaliseBaseUrl(raw: string): string {
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
  const url = new URL(withScheme);
  const trimmed = trimEndChars(url.href, '/');
  return url.pathname === '/' || url.pathname === '' ? `${trimmed}/v1` : trimmed;
}

/**
 * The OpenAI-compatible API (`/v1/chat/completions`, `/v1/embeddings`, `/v1/models`) served by LM Studio,
 * llama.cpp's llama-server, vLLM, LocalAI, Jan, and OpenAI itself. Plain fetch: the API is four requests, and
 * streamed replies are server-sent events ending with `data: [DONE]`.
 */
export function createOpenAiServer(opts: OpenAiServerOptions): ModelServer & { mode(): StructuredMode } {
  const url = normaliseBaseUrl(opts.baseUrl);
  let mode: StructuredMode = 'json_schema';
  const headers = {
    'Content-Type': 'application/json',
    ...(opts.apiKey ? { Authorization: `Bearer ${opts.apiKey}` } : {}),
    ...opts.headers,
  };
  const errorContext = (model?: string | null): ErrorContext => ({
    host: url,
    label: 'The model server',
    startAction: { kind: 'start-server', host: url },
    model,
  });

  /** Some servers echo the key they were given in their error: it never reaches a message or a log. */
  const redact = (message: string) => (opts.apiKey ? message.split(opts.apiKey).join('***') : message);

  async function request(path: string, call: ServerCall, body?: unknown): Promise<Response> {
    const res = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: call.signal,
    });
    if (!res.ok)
      throw new HttpStatusError(res.status, redact(errorMessage(await res.text().catch(() => ''))));
    return res;
  }

  /** Sends a chat request in the server's structured mode, stepping down once per refusal. */
  async function chatRequest(req: ServerChatRequest, call: ServerCall, stream: boolean): Promise<Response> {
    for (;;) {
      const tried = mode;
      try {
        return await request('/chat/completions', call, chatBody(req, tried, stream));
      } catch (e) {
        const refused =
          req.jsonSchema &&
          e instanceof HttpStatusError &&
          (e.status === 400 || e.status === 422) &&
          FORMAT_REFUSAL.test(e.message) &&
          tried !== 'prompt';
        if (!refused) throw e;
        // Another call may have stepped down meanwhile; never step back up.
        if (mode === tried) mode = tried === 'json_schema' ? 'json_object' : 'prompt';
      }
    }
  }

  return {
    kind: 'openai',
    url,
    label: 'The model server',
    startAction: { kind: 'start-server', host: url },
    unreachableFix:
      'Start the model server (LM Studio, `llama-server`, vLLM…) and check its address: it usually ends in /v1.',
    mode: () => mode,

    async chat(req, call) {
      const res = await chatRequest(req, call, false);
      const body = (await res.json()) as ChatCompletion;
      const choice = body.choices?.[0];
      // Reasoning fields (reasoning_content, reasoning) are not the answer and are not read.
      return {
        content: typeof choice?.message?.content === 'string' ? choice.message.content : '',
        promptTokens: body.usage?.prompt_tokens,
        outputTokens: body.usage?.completion_tokens,
        doneReason: choice?.finish_reason === 'length' ? 'length' : (choice?.finish_reason ?? undefined),
      };
    },
    async *stream(req, call) {
      const res = await chatRequest(req, call, true);
      for await (const data of readSse(res, call)) {
        const chunk = JSON.parse(data) as ChatCompletion & { error?: unknown };
        if (chunk.error) throw new HttpStatusError(500, errorMessage(JSON.stringify(chunk)));
        const token = chunk.choices?.[0]?.delta?.content;
        if (typeof token === 'string' && token) yield token;
      }
    },
    async embed(model, texts, call) {
      const res = await request('/embeddings', call, { model, input: texts });
      const body = (await res.json()) as { data?: { embedding: number[]; index?: number }[] };
      const data = [...(body.data ?? [])];
      data.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return data.map((d) => d.embedding);
    },
    async models(call) {
      return (await listModels(call)).map(toModelInfo);
    },
    async probe(call) {
      return { version: null, modelCount: (await listModels(call)).length };
    },
    classify(e, ctx) {
      const context = { ...errorContext(ctx.model), ...ctx };
      if (e instanceof HttpStatusError && e.status === 404 && !/model/i.test(e.message)) {
        return new AriadneError(
          'upstream',
          `Nothing answers at ${url} (404: ${e.message}): is the address right? It usually ends in /v1.`,
          { cause: e },
        );
      }
      if (e instanceof HttpStatusError) return classifyHttpStatus(e.status, e.message, context, e);
      return classifyTransportError(e, context);
    },
    async contextLength(model, call) {
      const entry = (await listModels(call)).find((m) => m.id === model);
      const n = entry?.max_model_len ?? entry?.context_length ?? entry?.max_context_length;
      return typeof n === 'number' && n > 0 ? n : null;
    },
  };

  async function listModels(call: ServerCall): Promise<ModelEntry[]> {
    const res = await request('/models', call);
    const body = (await res.json()) as { data?: ModelEntry[] };
    return Array.isArray(body.data) ? body.data.filter((m) => typeof m?.id === 'string') : [];
  }
}

function chatBody(req: ServerChatRequest, mode: StructuredMode, stream: boolean) {
  const schema = req.jsonSchema;
  // Without json_schema the model sees the schema in the prompt, and the reply is validated after.
  const messages =
    schema && mode !== 'json_schema'
      ? [
          ...req.messages,
          {
            role: 'system' as const,
            content: `Reply with one JSON object, and nothing else, that follows this JSON schema: ${JSON.stringify(schema)}`,
          },
        ]
      : req.messages;
  return {
    model: req.model,
    messages,
    temperature: req.temperature,
    seed: req.seed,
    max_tokens: req.maxOutputTokens,
    stream,
    ...(schema && mode === 'json_schema'
      ? {
          response_format: {
            type: 'json_schema',
            json_schema: { name: schemaName(req.schemaName), schema },
          },
        }
      : schema && mode === 'json_object'
        ? { response_format: { type: 'json_object' } }
        : {}),
  };
}

/** OpenAI wants `^[a-zA-Z0-9_-]{1,64}$`. */
function schemaName(op: string | undefined): string {
  const name = (op ?? 'reply').replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return name || 'reply';
}

/** The message of an error body in whichever shape the server uses. */
export function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string };
      message?: string;
      detail?: unknown;
    };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 300) || 'no message';
}

interface ChatCompletion {
  choices?: {
    message?: { content?: string | null };
    delta?: { content?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

interface ModelEntry {
  id: string;
  owned_by?: string;
  /** vLLM */
  max_model_len?: number;
  context_length?: number;
  /** LM Studio's own listing */
  max_context_length?: number;
}

function toModelInfo(m: ModelEntry): ModelInfo {
  return {
    name: m.id,
    kind: modelKind(m.id),
    sizeBytes: 0,
    family: m.owned_by ?? null,
    parameterSize: null,
    quantization: null,
    modifiedAt: null,
  };
}

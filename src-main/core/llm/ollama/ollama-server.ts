import { createRequire } from 'node:module';
import type * as OllamaModule from 'ollama';
import { AriadneError } from '../../../contract';
import type { ModelInfo } from '../../../contract/llm';
import { trimEndChars } from '../../nlp/trim-chars';
import { classifyHttpStatus, classifyTransportError, type ErrorContext } from '../errors';
import { modelKind } from '../recommend';
import type { ModelServer } from '../server';

/** Ollama's default context when /api/show does not tell the model's (old GGUF files). */
const DEFAULT_CONTEXT = 2048;

export interface OllamaServerOptions {
  host: string;
  keepAlive?: string | number;
  headers?: Record<string, string>;
}

/**
 * Ollama's own API (`/api/chat`, `/api/embed`, `/api/tags`, `/api/show`, `/api/pull`) through the ollama
 * client. Structured output is its `format` (a JSON schema turned into a grammar); `num_ctx` is always set,
 * because Ollama truncates a longer prompt silently.
 */
export function createOllamaServer(opts: OllamaServerOptions): ModelServer {
  const host = trimEndChars(opts.host, '/');
  const errorContext = (model?: string | null): ErrorContext => ({
    host,
    label: 'Ollama',
    startAction: { kind: 'start-ollama', host },
    model,
  });
  const client = (signal: AbortSignal) => clientFor(host, signal, opts.headers);
  const body = (req: Parameters<ModelServer['chat']>[0]) => ({
    model: req.model,
    messages: req.messages,
    format: req.jsonSchema,
    think: req.think,
    keep_alive: opts.keepAlive,
    options: {
      num_ctx: req.contextTokens,
      temperature: req.temperature,
      seed: req.seed,
      num_predict: req.maxOutputTokens,
    },
  });
  return {
    kind: 'ollama',
    url: host,
    label: 'Ollama',
    startAction: { kind: 'start-ollama', host },
    unreachableFix: `Start Ollama (\`ollama serve\` or the Ollama app), or correct its URL; install it from https://ollama.com.`,

    async chat(req, call) {
      const res = await client(call.signal).chat({ ...body(req), stream: false });
      // With `think`, Ollama puts the reasoning in message.thinking, never in the content.
      return {
        content: res.message?.content ?? '',
        promptTokens: res.prompt_eval_count,
        outputTokens: res.eval_count,
        doneReason: res.done_reason,
      };
    },
    async *stream(req, call) {
      const parts = await client(call.signal).chat({ ...body(req), stream: true });
      for await (const part of parts) {
        call.touch();
        if (part.message?.content) yield part.message.content;
      }
    },
    async embed(model, texts, call) {
      // truncate stays on (Ollama's default): a clipped embedding input only loses recall, never a fact.
      const res = await client(call.signal).embed({ model, input: texts, keep_alive: opts.keepAlive });
      return res.embeddings ?? [];
    },
    async models(call) {
      const { models } = await client(call.signal).list();
      return models.map(toModelInfo);
    },
    async probe(call) {
      const c = client(call.signal);
      const { version } = await c.version();
      const { models } = await c.list();
      return { version, modelCount: models.length };
    },
    classify(e, ctx) {
      const context = { ...errorContext(ctx.model), ...ctx };
      const err = e as { name?: string; message?: string; status_code?: number };
      if (err.name === 'ResponseError' && typeof err.status_code === 'number')
        return classifyHttpStatus(err.status_code, err.message ?? String(e), context, e);
      return classifyTransportError(e, context);
    },
    async pull(model, call, onProgress) {
      try {
        const stream = await client(call.signal).pull({ model, stream: true });
        for await (const p of stream) {
          call.touch();
          const percent = p.total
            ? Math.min(100, Math.round(((p.completed ?? 0) / p.total) * 1000) / 10)
            : undefined;
          onProgress({
            model,
            status: p.status,
            digest: p.digest || undefined,
            total: p.total || undefined,
            completed: p.completed || undefined,
            percent,
          });
        }
      } catch (e) {
        if (/file does not exist|manifest/i.test((e as Error).message ?? '')) {
          throw new AriadneError('not_found', `The model ${model} does not exist in the Ollama library.`, {
            cause: e,
          });
        }
        throw e;
      }
    },
    async contextLength(model, call) {
      const info = await client(call.signal).show({ model });
      return contextLengthOf(info.model_info) ?? DEFAULT_CONTEXT;
    },
  };
}

/**
 * The ollama client passes an abort signal only to streamed requests; a client per call with a fetch that
 * adds ours makes every request (chat, embed, list, show) cancellable and bounded in time.
 */
function clientFor(host: string, signal: AbortSignal, headers?: Record<string, string>): OllamaModule.Ollama {
  // Required on the first call, not imported: a library opened with the built-in provider never loads it.
  const { Ollama } = createRequire(import.meta.url)('ollama') as typeof OllamaModule;
  return new Ollama({
    host,
    headers,
    fetch: (input, init) =>
      fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
  });
}

export interface TagModel {
  name: string;
  size?: number;
  modified_at?: string | Date;
  details?: {
    family?: string;
    families?: string[] | null;
    parameter_size?: string;
    quantization_level?: string;
  };
}

export function toModelInfo(m: TagModel): ModelInfo {
  const families = [m.details?.family ?? '', ...(m.details?.families ?? [])].join(' ');
  return {
    name: m.name,
    kind: modelKind(m.name, families),
    sizeBytes: m.size ?? 0,
    family: m.details?.family ?? null,
    parameterSize: m.details?.parameter_size ?? null,
    quantization: m.details?.quantization_level ?? null,
    modifiedAt: m.modified_at ? new Date(m.modified_at).toISOString() : null,
  };
}

/** Reads `<arch>.context_length` from /api/show's model_info (a plain object on the wire). */
export function contextLengthOf(modelInfo: unknown): number | null {
  const entries = modelInfo instanceof Map ? [...modelInfo] : Object.entries((modelInfo ?? {}) as object);
  for (const [k, v] of entries) if (String(k).endsWith('.context_length') && typeof v === 'number') return v;
  return null;
}

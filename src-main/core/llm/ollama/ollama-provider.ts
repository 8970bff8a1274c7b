import { type z } from 'zod';
import { AriadneError } from '../../../contract';
import type { ModelInfo } from '../../../contract/llm';
import type { Clock, Logger } from '../../deps';
import { systemClock } from '../../deps';
import { createLimiter } from '../limiter';
import type { CallOutcome } from '../../../contract/llm';
import type { LlmMetrics } from '../metrics';
import { createMetrics, outcomeOf } from '../metrics';
import {
  EMBED_BATCH_SIZE,
  type ChatRequest,
  type ChatResult,
  type ChatValue,
  type LlmProvider,
  type ProviderHealth,
} from '../provider';
import { estimateMessagesTokens, estimateTokens, fitContext } from '../tokens';
import { callGuard, clientFor } from './call-guard';
import { formatFor, validateStructured } from './structured';
import { testOllamaConnection } from './connection';
import { classifyOllamaError } from './errors';
import { contextLengthOf, sameModel, toModelInfo } from './models';
import { trimEndChars } from '../../nlp/trim-chars';

export interface OllamaProviderOptions {
  host: string;
  chatModel: string;
  embedModel: string;
  /** Per call; for streams and pulls it is the idle time between two lines. */
  timeoutMs?: number;
  /** Calls in flight; createCore replaces it with the library's setting (or `--concurrency`). */
  concurrency?: number | (() => number);
  embedBatchSize?: number;
  /** Upper bound for num_ctx whatever the model supports: KV cache memory grows with it. */
  maxContext?: number;
  keepAlive?: string | number;
  headers?: Record<string, string>;
  clock?: Clock;
  metrics?: LlmMetrics;
  log?: Logger;
}

export type OllamaProvider = LlmProvider & {
  readonly host: string;
  contextLength(model: string, signal?: AbortSignal): Promise<number>;
};

const DEFAULT_CONTEXT = 2048;
export { formatFor };

export function createOllamaProvider(opts: OllamaProviderOptions): OllamaProvider {
  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? createMetrics();
  const host = trimEndChars(opts.host, '/');
  const timeoutMs = opts.timeoutMs ?? 300_000;
  const limiter = createLimiter(opts.concurrency ?? 2);
  const contexts = new Map<string, number>();
  const { chatModel, embedModel } = opts;

  function record(
    op: string,
    model: string,
    outcome: CallOutcome,
    t0: number,
    promptTokens: number,
    outputTokens: number,
    code?: string,
  ) {
    metrics.record({ op, model, outcome, latencyMs: clock.now() - t0, promptTokens, outputTokens, code });
    opts.log?.log(outcome === 'ok' ? 'debug' : 'warn', 'llm call', {
      op,
      model,
      outcome,
      code,
      latencyMs: clock.now() - t0,
    });
  }

  async function contextLength(model: string, signal?: AbortSignal): Promise<number> {
    const known = contexts.get(model);
    if (known) return known;
    const g = callGuard(clock, Math.min(timeoutMs, 30_000), signal);
    try {
      const info = await clientFor(host, g.signal, opts.headers).show({ model });
      const n = contextLengthOf(info.model_info) ?? DEFAULT_CONTEXT;
      contexts.set(model, n);
      return n;
    } catch (e) {
      throw classifyOllamaError(e, {
        host,
        model,
        timedOut: g.timedOut,
        cancelled: g.cancelled,
        timeoutMs: g.timeoutMs,
      });
    } finally {
      g.done();
    }
  }

  /** Measures the prompt and sizes num_ctx so Ollama never truncates it silently. */
  async function prepare(req: ChatRequest<z.ZodType | undefined>, signal: AbortSignal) {
    const format = req.schema ? formatFor(req.schema) : undefined;
    const promptTokens = estimateMessagesTokens(req.messages, format ? JSON.stringify(format) : '');
    const maxOut = req.maxOutputTokens ?? 2048;
    const modelContext = Math.min(await contextLength(chatModel, signal), opts.maxContext ?? 32_768);
    const numCtx = fitContext(promptTokens, maxOut, modelContext, chatModel);
    return {
      promptTokens,
      body: {
        model: chatModel,
        messages: req.messages,
        format,
        think: req.think ?? false,
        keep_alive: opts.keepAlive,
        options: {
          num_ctx: numCtx,
          temperature: req.temperature ?? 0,
          seed: req.seed ?? 42,
          num_predict: maxOut,
        },
      },
    };
  }

  const provider: OllamaProvider = {
    name: 'ollama',
    host,
    chatModel,
    embedModel,
    metrics,
    limiter,
    contextLength,

    async chat<S extends z.ZodType | undefined = undefined>(
      req: ChatRequest<S>,
    ): Promise<ChatResult<ChatValue<S>>> {
      const op = req.op ?? 'chat';
      let promptTokens = estimateMessagesTokens(req.messages);
      let outputTokens = 0;
      const release = await limiter.acquire(req.signal, req.priority).catch((e) => {
        record(op, chatModel, 'cancelled', clock.now(), 0, 0, 'cancelled');
        throw e;
      });
      // Latency is the upstream call's, not the time spent waiting for a slot.
      const t0 = clock.now();
      const g = callGuard(clock, req.timeoutMs ?? timeoutMs, req.signal);
      try {
        const prep = await prepare(req, g.signal);
        promptTokens = prep.promptTokens;
        const res = await clientFor(host, g.signal, opts.headers).chat({ ...prep.body, stream: false });
        const raw = res.message?.content ?? '';
        promptTokens = res.prompt_eval_count || promptTokens;
        outputTokens = res.eval_count || estimateTokens(raw);
        const value = req.schema ? validateStructured(raw, req.schema, res.done_reason) : raw;
        record(op, chatModel, 'ok', t0, promptTokens, outputTokens);
        const usage = { promptTokens, outputTokens, latencyMs: clock.now() - t0 };
        return { value: value as ChatValue<S>, raw, usage };
      } catch (e) {
        const err = classifyOllamaError(e, {
          host,
          model: chatModel,
          timedOut: g.timedOut,
          cancelled: g.cancelled,
          timeoutMs: g.timeoutMs,
        });
        record(op, chatModel, outcomeOf(err), t0, promptTokens, outputTokens, err.code);
        throw err;
      } finally {
        g.done();
        release();
      }
    },

    async *stream(req) {
      const op = req.op ?? 'stream';
      let promptTokens = estimateMessagesTokens(req.messages);
      let outputTokens = 0;
      let settled = false;
      const release = await limiter.acquire(req.signal, req.priority);
      const t0 = clock.now();
      const g = callGuard(clock, req.timeoutMs ?? timeoutMs, req.signal);
      try {
        const prep = await prepare(req, g.signal);
        promptTokens = prep.promptTokens;
        const parts = await clientFor(host, g.signal, opts.headers).chat({ ...prep.body, stream: true });
        for await (const part of parts) {
          g.touch();
          const token = part.message?.content;
          if (token) {
            outputTokens++;
            yield token;
          }
          if (part.done) promptTokens = part.prompt_eval_count || promptTokens;
        }
        settled = true;
        record(op, chatModel, 'ok', t0, promptTokens, outputTokens);
      } catch (e) {
        settled = true;
        const err = classifyOllamaError(e, {
          host,
          model: chatModel,
          timedOut: g.timedOut,
          cancelled: g.cancelled,
          timeoutMs: g.timeoutMs,
        });
        record(op, chatModel, outcomeOf(err), t0, promptTokens, outputTokens, err.code);
        throw err;
      } finally {
        // The consumer left the loop early: that is a cancel, and done() aborts the request upstream.
        if (!settled) record(op, chatModel, 'cancelled', t0, promptTokens, outputTokens, 'cancelled');
        g.done();
        release();
      }
    },

    async embed(texts, o = {}) {
      const op = o.op ?? 'embed';
      const batchSize = opts.embedBatchSize ?? EMBED_BATCH_SIZE;
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        const promptTokens = batch.reduce((n, t) => n + estimateTokens(t), 0);
        const release = await limiter.acquire(o.signal, o.priority);
        const t0 = clock.now();
        const g = callGuard(clock, o.timeoutMs ?? timeoutMs, o.signal);
        try {
          // truncate stays on (Ollama's default): a clipped embedding input only loses recall, never a fact.
          const res = await clientFor(host, g.signal, opts.headers).embed({
            model: embedModel,
            input: batch,
            keep_alive: opts.keepAlive,
          });
          if (res.embeddings?.length !== batch.length) {
            throw new AriadneError(
              'upstream',
              `Ollama returned ${res.embeddings?.length ?? 0} embeddings for ${batch.length} inputs.`,
              { retryable: true },
            );
          }
          out.push(...res.embeddings);
          record(op, embedModel, 'ok', t0, promptTokens, 0);
        } catch (e) {
          const err = classifyOllamaError(e, {
            host,
            model: embedModel,
            timedOut: g.timedOut,
            cancelled: g.cancelled,
            timeoutMs: g.timeoutMs,
          });
          record(op, embedModel, outcomeOf(err), t0, promptTokens, 0, err.code);
          throw err;
        } finally {
          g.done();
          release();
        }
      }
      return out;
    },

    async models(o = {}): Promise<ModelInfo[]> {
      const g = callGuard(clock, o.timeoutMs ?? Math.min(timeoutMs, 15_000), o.signal);
      try {
        const { models } = await clientFor(host, g.signal, opts.headers).list();
        return models.map(toModelInfo);
      } catch (e) {
        throw classifyOllamaError(e, {
          host,
          timedOut: g.timedOut,
          cancelled: g.cancelled,
          timeoutMs: g.timeoutMs,
        });
      } finally {
        g.done();
      }
    },

    async pull(model, o = {}) {
      const g = callGuard(clock, o.timeoutMs ?? Math.max(timeoutMs, 120_000), o.signal);
      try {
        const stream = await clientFor(host, g.signal, opts.headers).pull({ model, stream: true });
        for await (const p of stream) {
          g.touch();
          const percent = p.total
            ? Math.min(100, Math.round(((p.completed ?? 0) / p.total) * 1000) / 10)
            : undefined;
          o.onProgress?.({
            model,
            status: p.status,
            digest: p.digest || undefined,
            total: p.total || undefined,
            completed: p.completed || undefined,
            percent,
          });
        }
        contexts.delete(model);
      } catch (e) {
        const err = classifyOllamaError(e, {
          host,
          model,
          timedOut: g.timedOut,
          cancelled: g.cancelled,
          timeoutMs: g.timeoutMs,
        });
        if (err.code === 'upstream' && /file does not exist|manifest/i.test(err.message)) {
          throw new AriadneError('not_found', `The model ${model} does not exist in the Ollama library.`, {
            cause: e,
          });
        }
        throw err;
      } finally {
        g.done();
      }
    },

    async health(): Promise<ProviderHealth> {
      const conn = await testOllamaConnection(host, { clock, headers: opts.headers });
      if (!conn.ok) return { ok: false, detail: conn.detail, fix: conn.fix };
      const installed = await provider.models().catch(() => [] as ModelInfo[]);
      const missing = [chatModel, embedModel].filter((m) => !installed.some((i) => sameModel(i.name, m)));
      if (missing.length) {
        return {
          ok: false,
          detail: `${conn.detail}; missing ${missing.join(', ')}`,
          fix: missing.map((m) => `ollama pull ${m}`).join(' && '),
        };
      }
      return { ok: true, detail: `${conn.detail}; chat ${chatModel}, embeddings ${embedModel}` };
    },
  };
  return provider;
}

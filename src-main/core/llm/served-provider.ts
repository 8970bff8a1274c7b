import type { z } from 'zod';
import { AriadneError } from '../../contract';
import type { CallOutcome, ModelInfo } from '../../contract/llm';
import type { Clock, Logger } from '../deps';
import { systemClock } from '../deps';
import { callGuard, type CallGuard } from './call-guard';
import { testConnection } from './connection';
import { createEmbedQueue } from './embed-queue';
import { createEndpointPool, type EndpointLease, type EndpointPool } from './endpoints';
import { createLimiter, type Limiter } from './limiter';
import { createMetrics, outcomeOf, type LlmMetrics } from './metrics';
import { sameModel } from './recommend';
import {
  EMBED_BATCH_SIZE,
  type ChatRequest,
  type ChatResult,
  type ChatValue,
  type LlmProvider,
  type ProviderHealth,
} from './provider';
import type { ModelServer, ServerCall, ServerChatRequest } from './server';
import { jsonSchemaOf, validateStructured } from './structured';
import { createThinkingFilter, stripThinking } from './thinking';
import { estimateMessagesTokens, estimateTokens, fitContext } from './tokens';
import { at } from '../at';

export interface ServedProviderOptions {
  name: 'ollama' | 'openai';
  /** One or more servers serving the same models; the first is the primary (models, Settings). */
  servers: ModelServer[];
  chatModel: string;
  embedModel: string;
  /** Per call; for streams and pulls it is the idle time between two lines. */
  timeoutMs?: number;
  /** Calls in flight per endpoint; createCore replaces it with the library's setting (or `--concurrency`). */
  concurrency?: number | (() => number);
  embedBatchSize?: number;
  /** Upper bound for the context asked for, whatever the model supports: KV cache memory grows with it. */
  maxContext?: number;
  clock?: Clock;
  metrics?: LlmMetrics;
  log?: Logger;
}

/** A provider over model servers, with what it adds: the endpoints and the context window it measured. */
export type ServedProvider = LlmProvider & {
  /** The primary endpoint's address. */
  readonly host: string;
  readonly endpoints: EndpointPool;
  contextLength(model: string, signal?: AbortSignal): Promise<number>;
};

/** The context assumed when a server does not say (32k: what every current small model holds). */
const UNKNOWN_CONTEXT = 32_768;

/**
 * Wraps model servers into a provider, once for every kind of server: the limiter every call waits in,
 * the endpoint each call goes to (and the dead ones left out), the call guard (time limit and cancel), the
 * context check before a prompt is sent, error classes, metrics and logs, stripping a thinking model's
 * reasoning, and reading structured output. The servers only translate requests (`server.ts`).
 */
export function createServedProvider(opts: ServedProviderOptions): ServedProvider {
  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? createMetrics();
  const timeoutMs = opts.timeoutMs ?? 300_000;
  const pool = createEndpointPool(opts.servers, clock);
  let perEndpoint = toFn(opts.concurrency ?? 2);
  const inner = createLimiter(() => perEndpoint() * pool.usable());
  // The embedding model's slots are its own, as a server gives each model its own (Ollama's
  // OLLAMA_NUM_PARALLEL is per model): in the chat model's slots, the refinements' embeddings held half of
  // them, and five papers at --concurrency 4 kept 1.4 chat calls in flight on average with all 4 slots busy.
  const embedSlots = createLimiter(() => perEndpoint() * pool.usable());
  const limiter: Limiter = {
    acquire: (signal, priority) => inner.acquire(signal, priority),
    setLimit(l) {
      perEndpoint = toFn(l);
      inner.setLimit(() => perEndpoint() * pool.usable());
      embedSlots.setLimit(() => perEndpoint() * pool.usable());
    },
    get active() {
      return inner.active;
    },
    get waiting() {
      return inner.waiting;
    },
  };
  const contexts = new Map<string, number | null>();
  /** One request of an embedding batch, on a slot already held. */
  async function sendEmbed(batch: string[], o: { signal?: AbortSignal; op?: string; timeoutMs?: number }) {
    const r = {
      op: o.op ?? 'embed',
      model: opts.embedModel,
      t0: clock.now(),
      promptTokens: batch.reduce((n, t) => n + estimateTokens(t), 0),
      outputTokens: 0,
    };
    let endpoint: string | undefined;
    try {
      const res = await onEndpoint(o, opts.embedModel, async (server, g) => {
        endpoint = server.url;
        const vectors = await server.embed(opts.embedModel, batch, guardCall(g));
        if (vectors.length !== batch.length) {
          throw new AriadneError(
            'upstream',
            `${server.label} returned ${vectors.length} embeddings for ${batch.length} inputs.`,
            { retryable: true },
          );
        }
        return vectors;
      });
      record(r, 'ok', res.endpoint);
      return res.value;
    } catch (e) {
      const err = e instanceof AriadneError ? e : pool.primary.classify(e, noGuard);
      record(r, outcomeOf(err), endpoint, err.code);
      throw err;
    }
  }
  const embeds = createEmbedQueue(async (signal, priority) => {
    const release = await embedSlots.acquire(signal, priority);
    return { send: (batch) => sendEmbed(batch, { signal }), release };
  }, opts.embedBatchSize ?? EMBED_BATCH_SIZE);
  const { chatModel, embedModel } = opts;

  function record(
    r: { op: string; model: string; t0: number; promptTokens: number; outputTokens: number },
    outcome: CallOutcome,
    endpoint?: string,
    code?: string,
  ) {
    const latencyMs = clock.now() - r.t0;
    metrics.record({ ...r, outcome, latencyMs, code, endpoint });
    opts.log?.log(outcome === 'ok' ? 'debug' : 'warn', 'llm call', {
      op: r.op,
      model: r.model,
      outcome,
      code,
      endpoint,
      latencyMs,
    });
  }

  function classify(server: ModelServer, e: unknown, g: CallGuard, model: string | null): AriadneError {
    return server.classify(e, {
      model,
      timedOut: g.timedOut,
      cancelled: g.cancelled,
      timeoutMs: g.timeoutMs,
    });
  }

  /** Whether a call that could not reach `tried` may go to another endpoint instead. */
  function failOver(err: AriadneError, lease: EndpointLease, tried: Set<ModelServer>): boolean {
    if (err.code !== 'server_unreachable') {
      if (err.code !== 'cancelled') pool.failed(lease.server, err.message);
      return false;
    }
    pool.dead(lease.server, err.message);
    tried.add(lease.server);
    return pool.usableExcept(tried) > 0;
  }

  async function knownContext(model: string, server: ModelServer, signal: AbortSignal) {
    if (contexts.has(model)) return contexts.get(model) ?? null;
    if (!server.contextLength) return null;
    const g = callGuard(clock, Math.min(timeoutMs, 30_000), signal);
    try {
      const n = await server.contextLength(model, guardCall(g));
      contexts.set(model, n);
      return n;
    } catch (e) {
      throw classify(server, e, g, model);
    } finally {
      g.done();
    }
  }

  /** Measures the prompt and sizes the context so a server never truncates it silently. */
  async function prepare(req: ChatRequest<z.ZodType | undefined>, server: ModelServer, signal: AbortSignal) {
    const jsonSchema = req.schema ? jsonSchemaOf(req.schema) : undefined;
    const promptTokens = estimateMessagesTokens(req.messages, jsonSchema ? JSON.stringify(jsonSchema) : '');
    const maxOut = req.maxOutputTokens ?? 2048;
    const known = await knownContext(chatModel, server, signal);
    const body: ServerChatRequest = {
      model: chatModel,
      messages: req.messages,
      jsonSchema,
      schemaName: req.op,
      temperature: req.temperature ?? 0,
      seed: req.seed ?? 42,
      maxOutputTokens: maxOut,
      think: req.think ?? false,
      contextTokens: fitContext(
        promptTokens,
        maxOut,
        Math.min(known ?? UNKNOWN_CONTEXT, opts.maxContext ?? 32_768),
        chatModel,
      ),
    };
    return { promptTokens, body };
  }

  /** Runs one request on an endpoint, failing over to another while endpoints cannot be reached. */
  async function onEndpoint<T>(
    o: { signal?: AbortSignal; timeoutMs?: number },
    model: string | null,
    run: (server: ModelServer, g: CallGuard) => Promise<T>,
  ): Promise<{ value: T; endpoint: string }> {
    const tried = new Set<ModelServer>();
    for (;;) {
      const lease = pool.take(perEndpoint(), tried) ?? pool.take(perEndpoint());
      if (!lease) throw new AriadneError('internal', 'no endpoint');
      const g = callGuard(clock, o.timeoutMs ?? timeoutMs, o.signal);
      try {
        const value = await run(lease.server, g);
        pool.alive(lease.server);
        return { value, endpoint: lease.server.url };
      } catch (e) {
        const err = classify(lease.server, e, g, model);
        if (failOver(err, lease, tried)) continue;
        throw Object.assign(err, { endpoint: lease.server.url });
      } finally {
        g.done();
        lease.release();
      }
    }
  }

  const provider: ServedProvider = {
    name: opts.name,
    host: pool.primary.url,
    endpoints: pool,
    chatModel,
    embedModel,
    metrics,
    limiter,

    async contextLength(model, signal) {
      const { value } = await onEndpoint({ signal }, model, (server, g) =>
        knownContext(model, server, g.signal),
      );
      return value ?? UNKNOWN_CONTEXT;
    },

    async chat<S extends z.ZodType | undefined = undefined>(
      req: ChatRequest<S>,
    ): Promise<ChatResult<ChatValue<S>>> {
      const r = { op: req.op ?? 'chat', model: chatModel, t0: clock.now(), promptTokens: 0, outputTokens: 0 };
      r.promptTokens = estimateMessagesTokens(req.messages);
      const release = await limiter.acquire(req.signal, req.priority).catch((e: unknown) => {
        record(r, 'cancelled', undefined, 'cancelled');
        throw e;
      });
      // Latency is the upstream call's, not the time spent waiting for a slot.
      r.t0 = clock.now();
      let endpoint: string | undefined;
      try {
        const res = await onEndpoint(req, chatModel, async (server, g) => {
          endpoint = server.url;
          const prep = await prepare(req, server, g.signal);
          r.promptTokens = prep.promptTokens;
          // Nor the one-off look-up of the model's context length: a probe timed with it read 1.5–3.7 s
          // for a 50–2000 ms call, and the import estimate took that as the model's speed.
          r.t0 = clock.now();
          return server.chat(prep.body, guardCall(g));
        });
        endpoint = res.endpoint;
        const reply = res.value;
        const raw = reply.content;
        const content = stripThinking(raw);
        r.promptTokens = reply.promptTokens || r.promptTokens;
        r.outputTokens = reply.outputTokens || estimateTokens(raw);
        const value = req.schema ? validateStructured(content, req.schema, reply.doneReason) : content;
        record(r, 'ok', endpoint);
        return {
          value: value as ChatValue<S>,
          raw,
          usage: {
            promptTokens: r.promptTokens,
            outputTokens: r.outputTokens,
            latencyMs: clock.now() - r.t0,
          },
        };
      } catch (e) {
        const err = e instanceof AriadneError ? e : pool.primary.classify(e, noGuard);
        record(r, outcomeOf(err), endpoint, err.code);
        throw err;
      } finally {
        release();
      }
    },

    async *stream(req) {
      const r = {
        op: req.op ?? 'stream',
        model: chatModel,
        t0: clock.now(),
        promptTokens: 0,
        outputTokens: 0,
      };
      r.promptTokens = estimateMessagesTokens(req.messages);
      let settled = false;
      let endpoint: string | undefined;
      const release = await limiter.acquire(req.signal, req.priority);
      r.t0 = clock.now();
      const tried = new Set<ModelServer>();
      try {
        for (;;) {
          const lease = pool.take(perEndpoint(), tried) ?? pool.take(perEndpoint());
          if (!lease) throw new AriadneError('internal', 'no endpoint');
          endpoint = lease.server.url;
          const g = callGuard(clock, req.timeoutMs ?? timeoutMs, req.signal);
          let yielded = false;
          try {
            const prep = await prepare(req, lease.server, g.signal);
            r.promptTokens = prep.promptTokens;
            const filter = createThinkingFilter();
            for await (const token of lease.server.stream(prep.body, guardCall(g))) {
              g.touch();
              const text = filter.push(token);
              if (!text) continue;
              r.outputTokens++;
              yielded = true;
              yield text;
            }
            const rest = filter.end();
            if (rest) yield rest;
            settled = true;
            pool.alive(lease.server);
            record(r, 'ok', endpoint);
            return;
          } catch (e) {
            const err = classify(lease.server, e, g, chatModel);
            if (!yielded && failOver(err, lease, tried)) continue;
            settled = true;
            record(r, outcomeOf(err), endpoint, err.code);
            throw err;
          } finally {
            g.done();
            lease.release();
          }
        }
      } finally {
        // The consumer left the loop early: that is a cancel, and done() aborted the request upstream.
        if (!settled) record(r, 'cancelled', endpoint, 'cancelled');
        release();
      }
    },

    embed(texts, o = {}) {
      return embeds.embed(texts, o);
    },

    async models(o = {}): Promise<ModelInfo[]> {
      const { value } = await onEndpoint(
        { signal: o.signal, timeoutMs: o.timeoutMs ?? Math.min(timeoutMs, 15_000) },
        null,
        (server, g) => server.models(guardCall(g)),
      );
      return value;
    },

    async pull(model, o = {}) {
      const able = pool.servers.filter((s) => s.pull);
      if (!able.length) {
        throw new AriadneError(
          'invalid_input',
          `${pool.primary.label} at ${pool.primary.url} cannot download models: load ${model} in the server itself.`,
        );
      }
      // Every endpoint serves the same models, so each gets the model (one after the other).
      for (const server of able) {
        const g = callGuard(clock, o.timeoutMs ?? Math.max(timeoutMs, 120_000), o.signal);
        try {
          await server.pull?.(model, guardCall(g), (p) => o.onProgress?.(p));
          contexts.delete(model);
        } catch (e) {
          throw classify(server, e, g, model);
        } finally {
          g.done();
        }
      }
    },

    async health(): Promise<ProviderHealth> {
      const results = await Promise.all(
        pool.servers.map(async (server) => {
          const conn = await testConnection(server, { clock });
          if (!conn.ok) return { ok: false, detail: conn.detail, fix: conn.fix };
          const g = callGuard(clock, 15_000);
          const installed = await server.models(guardCall(g)).catch(() => [] as ModelInfo[]);
          g.done();
          const missing = [chatModel, embedModel].filter((m) => !installed.some((i) => sameModel(i.name, m)));
          if (missing.length) {
            return {
              ok: false,
              detail: `${conn.detail}; missing ${missing.join(', ')}`,
              fix:
                server.kind === 'ollama'
                  ? missing.map((m) => `ollama pull ${m}`).join(' && ')
                  : `Load ${missing.join(' and ')} in the server, or choose models it serves.`,
            };
          }
          return { ok: true, detail: conn.detail };
        }),
      );
      const up = results.filter((x) => x.ok);
      const models = `chat ${chatModel}, embeddings ${embedModel}`;
      if (results.length === 1) {
        const only = at(results, 0);
        return only.ok ? { ok: true, detail: `${only.detail}; ${models}` } : only;
      }
      const detail = `${up.length} of ${results.length} endpoints answer (${results.map((x) => x.detail).join(' | ')}); ${models}`;
      const fix = results.find((x) => !x.ok)?.fix;
      return up.length ? { ok: true, detail, ...(fix ? { fix } : {}) } : { ok: false, detail, fix };
    },
  };
  return provider;
}

const noGuard = { model: null, timedOut: false, cancelled: false, timeoutMs: 0 };

function guardCall(g: CallGuard): ServerCall {
  return { signal: g.signal, touch: () => g.touch() };
}

function toFn(l: number | (() => number)): () => number {
  return typeof l === 'number' ? () => l : l;
}

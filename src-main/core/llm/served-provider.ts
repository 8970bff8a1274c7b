import type { z } from 'zod';
import { AriadneError } from '../../contract';
import type { ModelInfo } from '../../contract/llm';
import type { Clock, Logger } from '../deps';
import { systemClock } from '../deps';
import { callGuard } from './call-guard';
import { createEmbedQueue } from './embed-queue';
import { createEndpointPool, type EndpointPool } from './endpoints';
import { createLimiter, type Limiter } from './limiter';
import { createMetrics, outcomeOf, type LlmMetrics } from './metrics';
import {
  EMBED_BATCH_SIZE,
  type ChatRequest,
  type ChatResult,
  type ChatValue,
  type LlmProvider,
} from './provider';
import type { ModelServer } from './server';
import { createServedCalls, guardCall, noGuard, UNKNOWN_CONTEXT } from './served-calls';
import { servedHealth } from './served-health';
import { validateStructured } from './structured';
import { createThinkingFilter, stripThinking } from './thinking';
import { estimateMessagesTokens, estimateTokens } from './tokens';

/** What every served provider (Ollama, OpenAI-compatible) is given apart from its servers. */
export interface ServedModelOptions {
  chatModel: string;
  embedModel: string;
  /** Per call; for streams and pulls it is the idle time between two lines. */
  timeoutMs?: number;
  /**
   * Calls in flight per endpoint (Ollama's OLLAMA_NUM_PARALLEL, llama-server's `--parallel`, vLLM's batch);
   * createCore replaces it with the library's setting (or `--concurrency`).
   */
  concurrency?: number | (() => number);
  embedBatchSize?: number;
  /**
   * Upper bound for the context asked for (Ollama's num_ctx), whatever the model supports: KV cache memory
   * grows with it.
   */
  maxContext?: number;
  clock?: Clock;
  metrics?: LlmMetrics;
  log?: Logger;
}

export interface ServedProviderOptions extends ServedModelOptions {
  name: 'ollama' | 'openai';
  /** One or more servers serving the same models; the first is the primary (models, Settings). */
  servers: ModelServer[];
}

/** A provider over model servers, with what it adds: the endpoints and the context window it measured. */
export type ServedProvider = LlmProvider & {
  /** The primary endpoint's address. */
  readonly host: string;
  readonly endpoints: EndpointPool;
  contextLength(model: string, signal?: AbortSignal): Promise<number>;
};

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
  const { chatModel, embedModel } = opts;
  const { record, classify, failOver, knownContext, forgetContext, prepare, onEndpoint } = createServedCalls({
    pool,
    clock,
    metrics,
    log: opts.log,
    timeoutMs,
    perEndpoint: () => perEndpoint(),
    chatModel,
    maxContext: opts.maxContext,
  });
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
          forgetContext(model);
        } catch (e) {
          throw classify(server, e, g, model);
        } finally {
          g.done();
        }
      }
    },

    health: () => servedHealth(pool, clock, chatModel, embedModel),
  };
  return provider;
}

function toFn(l: number | (() => number)): () => number {
  return typeof l === 'number' ? () => l : l;
}

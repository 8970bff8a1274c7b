import type { z } from 'zod';
import { AriadneError } from '../../contract';
import type { CallOutcome } from '../../contract/llm';
import type { Clock, Logger } from '../deps';
import { callGuard, type CallGuard } from './call-guard';
import type { EndpointLease, EndpointPool } from './endpoints';
import type { LlmMetrics } from './metrics';
import type { ChatRequest } from './provider';
import type { ModelServer, ServerCall, ServerChatRequest } from './server';
import { jsonSchemaOf } from './structured';
import { estimateMessagesTokens, fitContext } from './tokens';

/** The context assumed when a server does not say (32k: what every current small model holds). */
export const UNKNOWN_CONTEXT = 32_768;

/** What a call's metrics row and log line are made of. */
export interface CallRecord {
  op: string;
  model: string;
  t0: number;
  promptTokens: number;
  outputTokens: number;
}

/**
 * How a served provider's calls reach its endpoints: recording each call, classifying its error, failing
 * over while an endpoint cannot be reached, and sizing the context of a chat before it is sent.
 */
export function createServedCalls(opts: {
  pool: EndpointPool;
  clock: Clock;
  metrics: LlmMetrics;
  log?: Logger;
  timeoutMs: number;
  /** Calls in flight per endpoint, read at each call (Settings can change it). */
  perEndpoint: () => number;
  chatModel: string;
  maxContext?: number;
}) {
  const { pool, clock, metrics, timeoutMs, perEndpoint, chatModel } = opts;
  const contexts = new Map<string, number | null>();

  function record(r: CallRecord, outcome: CallOutcome, endpoint?: string, code?: string) {
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

  return {
    record,
    classify,
    failOver,
    knownContext,
    /** Forgets a model's context window (a pull may have replaced the model). */
    forgetContext: (model: string) => void contexts.delete(model),
    prepare,
    onEndpoint,
  };
}

/** The classification context of an error that happened outside any call. */
export const noGuard = { model: null, timedOut: false, cancelled: false, timeoutMs: 0 };

export function guardCall(g: CallGuard): ServerCall {
  return { signal: g.signal, touch: () => g.touch() };
}

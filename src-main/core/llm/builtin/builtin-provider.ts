import { z } from 'zod';
import { AriadneError } from '../../../contract';
import type { ModelInfo } from '../../../contract/llm';
import type { Clock } from '../../deps';
import { systemClock } from '../../deps';
import { repairJson } from '../json-repair';
import type { LlmMetrics } from '../metrics';
import { createMetrics, outcomeOf } from '../metrics';
import type { ChatRequest, ChatResult, ChatValue, LlmProvider } from '../provider';
import { cancelled } from '../retry';
import { estimateMessagesTokens, estimateTokens } from '../tokens';
import { BUILTIN_EMBED_DIM, BUILTIN_EMBED_MODEL, hashedEmbedding } from './embed';
import { respond } from './responder';
import { tokenize } from './text';

export const BUILTIN_CHAT_MODEL = 'builtin-rules';

export interface BuiltinProviderOptions {
  clock?: Clock;
  metrics?: LlmMetrics;
  /** Why the built-in provider is active, e.g. "Ollama is not running at …"; shown by health(). */
  reason?: string;
}

export type BuiltinProvider = LlmProvider & { readonly reason?: string; readonly dimension: number };

/** The offline provider: no model, no network, the same answer for the same input on every machine. */
export function createBuiltinProvider(opts: BuiltinProviderOptions = {}): BuiltinProvider {
  const clock = opts.clock ?? systemClock;
  const metrics = opts.metrics ?? createMetrics();

  async function timed<T>(op: string, promptTokens: number, run: () => T, outTokens: (v: T) => number) {
    const t0 = clock.now();
    try {
      const v = run();
      metrics.record({
        op,
        model: BUILTIN_CHAT_MODEL,
        outcome: 'ok',
        latencyMs: clock.now() - t0,
        promptTokens,
        outputTokens: outTokens(v),
      });
      return v;
    } catch (e) {
      metrics.record({
        op,
        model: BUILTIN_CHAT_MODEL,
        outcome: outcomeOf(e),
        latencyMs: clock.now() - t0,
        promptTokens,
        outputTokens: 0,
        code: (e as AriadneError).code,
      });
      throw e;
    }
  }

  const models: ModelInfo[] = [
    {
      name: BUILTIN_CHAT_MODEL,
      kind: 'chat',
      sizeBytes: 0,
      family: 'builtin',
      parameterSize: null,
      quantization: null,
      modifiedAt: null,
    },
    {
      name: BUILTIN_EMBED_MODEL,
      kind: 'embed',
      sizeBytes: 0,
      family: 'builtin',
      parameterSize: null,
      quantization: null,
      modifiedAt: null,
    },
  ];

  return {
    name: 'builtin',
    chatModel: BUILTIN_CHAT_MODEL,
    embedModel: BUILTIN_EMBED_MODEL,
    dimension: BUILTIN_EMBED_DIM,
    reason: opts.reason,
    metrics,
    async health() {
      return {
        ok: true,
        detail: `built-in offline engine (rules and hashed embeddings, no model)${opts.reason ? `: ${opts.reason}` : ''}`,
        fix: opts.reason
          ? 'Start Ollama and pull a chat and an embedding model for model-quality extraction.'
          : undefined,
      };
    },
    async chat<S extends z.ZodType | undefined = undefined>(
      req: ChatRequest<S>,
    ): Promise<ChatResult<ChatValue<S>>> {
      if (req.signal?.aborted) throw cancelled();
      const t0 = clock.now();
      const prompt = estimateMessagesTokens(req.messages);
      return timed(
        req.op ?? 'chat',
        prompt,
        () => {
          const format = req.schema
            ? z.toJSONSchema(req.schema, { io: 'input', unrepresentable: 'any' })
            : undefined;
          const raw = respond({ messages: req.messages, format });
          let value: unknown = raw;
          if (req.schema) {
            const parsed = req.schema.safeParse(repairJson(raw));
            if (!parsed.success)
              throw new AriadneError(
                'schema_invalid',
                `The built-in engine produced invalid output: ${parsed.error.message}`,
              );
            value = parsed.data;
          }
          const usage = {
            promptTokens: prompt,
            outputTokens: estimateTokens(raw),
            latencyMs: clock.now() - t0,
          };
          return { value: value as ChatValue<S>, raw, usage };
        },
        (r) => r.usage.outputTokens,
      );
    },
    async *stream(req) {
      const t0 = clock.now();
      const prompt = estimateMessagesTokens(req.messages);
      let out = 0;
      let settled = false;
      try {
        for (const token of tokenize(respond({ messages: req.messages }))) {
          // Yield to the event loop so a cancel from the UI is seen between tokens.
          await new Promise<void>((r) => setImmediate(r));
          if (req.signal?.aborted) throw cancelled();
          out++;
          yield token;
        }
        settled = true;
        metrics.record({
          op: req.op ?? 'stream',
          model: BUILTIN_CHAT_MODEL,
          outcome: 'ok',
          latencyMs: clock.now() - t0,
          promptTokens: prompt,
          outputTokens: out,
        });
      } catch (e) {
        settled = true;
        metrics.record({
          op: req.op ?? 'stream',
          model: BUILTIN_CHAT_MODEL,
          outcome: outcomeOf(e),
          latencyMs: clock.now() - t0,
          promptTokens: prompt,
          outputTokens: out,
        });
        throw e;
      } finally {
        // Leaving the loop early is a cancel; record it like the Ollama provider does.
        if (!settled)
          metrics.record({
            op: req.op ?? 'stream',
            model: BUILTIN_CHAT_MODEL,
            outcome: 'cancelled',
            latencyMs: clock.now() - t0,
            promptTokens: prompt,
            outputTokens: out,
          });
      }
    },
    async embed(texts, o = {}) {
      if (o.signal?.aborted) throw cancelled();
      const tokens = texts.reduce((n, t) => n + estimateTokens(t), 0);
      return timed(
        o.op ?? 'embed',
        tokens,
        () => texts.map((t) => hashedEmbedding(t)),
        () => 0,
      );
    },
    async models() {
      return models;
    },
    async pull(model, o = {}) {
      if (!models.some((m) => m.name === model)) {
        throw new AriadneError(
          'model_missing',
          `The built-in provider has no model ${model}; start Ollama to pull models.`,
        );
      }
      o.onProgress?.({ model, status: 'success', percent: 100 });
    },
  };
}

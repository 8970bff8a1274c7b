import type { z } from 'zod';
import { AriadneError } from '../../contract';
import { systemClock } from '../deps';
import { normalizeExtraction } from './normalize';
import {
  answerPrompt,
  atomicQuestionsPrompt,
  communityPrompt,
  decomposePrompt,
  extractPrompt,
  passagePrompt,
  summarizePrompt,
} from './prompts';
import type { ChatMessage, LlmProvider } from './provider';
import { withRetry } from './retry';
import { echoesPrompt, stricter } from './echo';
import { unusable, unusableReason } from './structured';
import {
  AtomicQuestionsSchema,
  BIOMEDICAL_ENTITY_TYPES,
  CommunitySchema,
  DecomposeSchema,
  SummarySchema,
  extractionSchema,
  passageSchema,
} from './schemas';
import type { LlmTasks, TaskOptions, TasksOptions } from './task-types';
import { at } from '../at';

const EXTRACT_SEED = 42;

/** The tasks implemented once over any chat/embedding provider, with prompts and zod schemas. */
export function createModelTasks(provider: LlmProvider, opts: TasksOptions = {}): LlmTasks {
  if (!provider.embedModel)
    throw new AriadneError('invalid_input', 'The provider has no embedding model configured.');
  const clock = opts.clock ?? systemClock;
  const defaultTypes = opts.entityTypes ?? BIOMEDICAL_ENTITY_TYPES;
  let dimension: number | null = null;

  function structured<S extends z.ZodType>(
    op: string,
    messages: ChatMessage[],
    schema: S,
    maxOutputTokens: number,
    o: TaskOptions = {},
    /** Says when a valid reply is still no reading of the passage (it copies the prompt's examples). */
    echoed?: (value: z.output<S>) => boolean,
  ): Promise<z.output<S>> {
    return withRetry(
      async (attempt) => {
        const call = async (msgs: ChatMessage[]) => {
          const res = await provider.chat({
            op,
            messages: msgs,
            schema,
            maxOutputTokens,
            temperature: 0,
            // A schema failure at temperature 0 repeats itself with the same seed: vary it on retry.
            seed: EXTRACT_SEED + (o.attempt ?? 1) - 1 + attempt - 1,
            signal: o.signal,
            priority: o.priority,
          });
          const value = res.value as z.output<S>;
          if (echoed?.(value)) throw unusable('echo', 'the reply copies the examples of the instructions');
          return value;
        };
        try {
          return await call(messages);
        } catch (e) {
          // An empty or echoed reply gets one more try, told plainly what was wrong (small models take the
          // hint where the same request again gives the same reply); any other failure goes to the retries.
          const reason = unusableReason(e);
          if (!reason || o.signal?.aborted) throw e;
          opts.log?.log('warn', 'llm reply unusable, asking once more', { op, reason });
          return call(stricter(messages, reason));
        }
      },
      {
        attempts: opts.attempts,
        baseMs: opts.backoffBaseMs,
        maxMs: opts.backoffMaxMs,
        clock,
        signal: o.signal,
        random: opts.random,
        onRetry: (e, attempt, delayMs) =>
          opts.log?.log('warn', 'llm call failed, retrying', {
            op,
            attempt,
            delayMs,
            code: e.code,
            error: e.message,
          }),
      },
    );
  }

  return {
    provider: provider.name,
    chatModel: provider.chatModel,
    embedModel: provider.embedModel,
    async summarize({ text, previousSummary }, o) {
      const r = await structured('summarize', summarizePrompt(text, previousSummary), SummarySchema, 400, o);
      return r.summary.trim();
    },
    async extract({ text, previousSummary, entityTypes }, o) {
      const types = entityTypes?.length ? entityTypes : defaultTypes;
      const schema = extractionSchema(types);
      const messages = extractPrompt(text, types, previousSummary);
      const r = await structured('extract', messages, schema, 4096, o, (v) =>
        echoesPrompt({ names: v.entities.map((e) => e.entity_name) }, messages, text),
      );
      return normalizeExtraction(r);
    },
    async readPassage({ text, previousSummary, entityTypes }, o) {
      const types = entityTypes?.length ? entityTypes : defaultTypes;
      const messages = passagePrompt(text, types, previousSummary);
      // Room for the three old replies together (extraction 4096, questions 800, summary 400).
      const r = await structured('passage', messages, passageSchema(types), 5300, o, (v) =>
        echoesPrompt({ summary: v.summary, names: v.entities.map((e) => e.entity_name) }, messages, text),
      );
      return {
        summary: r.summary.trim(),
        extraction: normalizeExtraction(r),
        questions: dedupe(r.questions).slice(0, 10),
      };
    },
    async atomicQuestions({ text }, o) {
      const r = await structured(
        'atomic-questions',
        atomicQuestionsPrompt(text),
        AtomicQuestionsSchema,
        800,
        o,
      );
      return dedupe(r.questions);
    },
    async decompose({ question, context }, o) {
      const r = await structured('decompose', decomposePrompt(question, context), DecomposeSchema, 300, o);
      return dedupe(r.subQuestions).slice(0, 3);
    },
    answer({ question, sources }, o = {}) {
      return provider.stream({
        op: 'answer',
        messages: answerPrompt(question, sources),
        temperature: 0.2,
        maxOutputTokens: 1024,
        signal: o.signal,
      });
    },
    summarizeCommunity(input, o) {
      return structured('community', communityPrompt(input), CommunitySchema, 800, o);
    },
    async embed(texts, o = {}) {
      const vectors = await withRetry(
        () => provider.embed(texts, { signal: o.signal, op: 'embed', priority: o.priority }),
        {
          attempts: opts.attempts,
          baseMs: opts.backoffBaseMs,
          maxMs: opts.backoffMaxMs,
          clock,
          signal: o.signal,
          random: opts.random,
        },
      );
      if (vectors[0]) dimension = vectors[0].length;
      return vectors;
    },
    async dimension() {
      if (dimension === null) dimension = at(await this.embed(['dimension probe']), 0).length;
      return dimension;
    },
  };
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items
    .map((s) => s.trim())
    .filter((s) => {
      const k = s.toLowerCase();
      if (!s || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

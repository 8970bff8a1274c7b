import { systemClock } from '../../deps';
import { normalizeExtraction } from '../normalize';
import type { LlmProvider } from '../provider';
import { cancelled } from '../retry';
import { BIOMEDICAL_ENTITY_TYPES, LONGEVITY_ENTITY_TYPES } from '../schemas';
import type { LlmTasks, TaskOptions, TasksOptions } from '../task-types';
import { estimateTokens } from '../tokens';
import { BUILTIN_EMBED_DIM, BUILTIN_EMBED_MODEL } from './embed';
import { focusedAnswer } from './answer-focus';
import { communityReport, extractiveSummary, keywordDecompose, templateQuestions } from './engine';
import { ruleExtract } from './extract';
import { tokenize } from './text';

/** The tasks answered directly by rules: no prompts, no JSON round trip, still counted in the metrics. */
export function createBuiltinTasks(provider: LlmProvider, opts: TasksOptions = {}): LlmTasks {
  const clock = opts.clock ?? systemClock;
  const defaultTypes = opts.entityTypes ?? BIOMEDICAL_ENTITY_TYPES;

  function run<T>(
    op: string,
    input: string,
    o: TaskOptions | undefined,
    fn: () => T,
    size: (v: T) => string,
  ): T {
    if (o?.signal?.aborted) throw cancelled();
    const t0 = clock.now();
    const v = fn();
    provider.metrics.record({
      op,
      model: provider.chatModel,
      outcome: 'ok',
      latencyMs: clock.now() - t0,
      promptTokens: estimateTokens(input),
      outputTokens: estimateTokens(size(v)),
    });
    return v;
  }

  return {
    provider: 'builtin',
    chatModel: provider.chatModel,
    embedModel: provider.embedModel ?? BUILTIN_EMBED_MODEL,
    async summarize({ text, previousSummary }, o) {
      return run(
        'summarize',
        text,
        o,
        () => extractiveSummary(text, previousSummary),
        (s) => s,
      );
    },
    async extract({ text, entityTypes, meta }, o) {
      const types = entityTypes?.length ? entityTypes : defaultTypes;
      const longevity = types.some((t) => (LONGEVITY_ENTITY_TYPES as readonly string[]).includes(t));
      return run(
        'extract',
        text,
        o,
        () => normalizeExtraction(ruleExtract(text, { entityTypes: types, longevity, meta })),
        JSON.stringify,
      );
    },
    // The fused reading is the three rule tasks composed: the rules gain nothing from one call.
    async readPassage({ text, previousSummary, entityTypes, meta }, o) {
      return {
        summary: await this.summarize({ text, previousSummary }, o),
        extraction: await this.extract({ text, previousSummary, entityTypes, meta }, o),
        questions: await this.atomicQuestions({ text }, o),
      };
    },
    async atomicQuestions({ text }, o) {
      return run(
        'atomic-questions',
        text,
        o,
        () => templateQuestions(text, defaultTypes),
        (q) => q.join(' '),
      );
    },
    async decompose({ question, context }, o) {
      return run(
        'decompose',
        question,
        o,
        () => keywordDecompose(question, context, defaultTypes),
        (q) => q.join(' '),
      );
    },
    async *answer({ question, sources }, o = {}) {
      const text = run(
        'answer',
        question + sources.map((s) => s.text).join(' '),
        o,
        () => focusedAnswer(question, sources),
        (s) => s,
      );
      for (const token of tokenize(text)) {
        await new Promise<void>((r) => setImmediate(r));
        if (o.signal?.aborted) throw cancelled();
        yield token;
      }
    },
    async summarizeCommunity(input, o) {
      return run('community', JSON.stringify(input), o, () => communityReport(input), JSON.stringify);
    },
    embed(texts, o) {
      return provider.embed(texts, { signal: o?.signal, op: 'embed' });
    },
    async dimension() {
      return BUILTIN_EMBED_DIM;
    },
  };
}

import type { QaAnswer, QaMode, QaStreamItem, TraceStep } from '../../../contract/qa';
import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import type { GraphReads } from '../graph-reads';
import type { NameIndex } from '../search/name-index';
import { retrieveAgentic } from './agentic';
import { answerFromSources, type ModeResult } from './answer';
import { questionFocus } from '../../llm/builtin/question-focus';
import { answerFromGraph } from './across-papers';
import { createAskCache } from './ask-cache';
import { chooseMode } from './auto';
import { complementWithPassages } from './complement';
import { retrieveGlobal } from './global';
import { retrieveLocal } from './local';
import { retrieveNaive } from './naive';
import { thresholdsFor, type QaContext, type Retrieval } from './types';

export const EMPTY_LIBRARY =
  'The library holds no passages yet: add papers (PDF, .txt or .md), or wait for the ones being read.';

export interface AskDeps {
  lib: Library;
  tasks: LlmTasks;
  data: GraphReads;
  names: NameIndex;
  now: () => number;
  communities?: QaContext['communities'];
}

export function makeQaContext(
  d: AskDeps,
  opts: { signal?: AbortSignal; emit?: (i: QaStreamItem) => void; maxContextTokens?: number } = {},
) {
  const trace: TraceStep[] = [];
  const emit = opts.emit ?? (() => undefined);
  const signal = opts.signal ?? new AbortController().signal;
  const ctx: QaContext = {
    lib: d.lib,
    tasks: d.tasks,
    data: d.data,
    names: d.names,
    now: d.now,
    signal,
    cache: createAskCache(d.lib, d.tasks, signal),
    thresholds: thresholdsFor(d.tasks.provider),
    maxContextTokens: opts.maxContextTokens ?? 4000,
    emit,
    communities: d.communities,
    trace(step, detail, ms) {
      const s: TraceStep = ms === undefined ? { step, detail } : { step, detail, ms };
      trace.push(s);
      emit({ type: 'trace', step: s });
    },
    say(step, text) {
      const s: TraceStep = { step, detail: text, plain: true };
      trace.push(s);
      emit({ type: 'trace', step: s });
    },
  };
  return { ctx, trace };
}

/** The retrieval stage of a mode alone (no answer): what benchmarks and the trace measure. */
export async function retrieve(
  ctx: QaContext,
  question: string,
  mode: Exclude<QaMode, 'auto'>,
): Promise<Retrieval> {
  switch (mode) {
    case 'agentic':
      return retrieveAgentic(ctx, question);
    case 'local':
      return retrieveLocal(ctx, question);
    case 'global':
      return complementWithPassages(ctx, question, await retrieveGlobal(ctx, question), 'the communities');
    case 'naive':
      return retrieveNaive(ctx, question);
  }
}

/** One question, one mode (auto picks and says which), answered with verified citations. */
export async function ask(
  d: AskDeps,
  input: { question: string; mode: QaMode },
  opts: { signal?: AbortSignal; emit?: (i: QaStreamItem) => void } = {},
): Promise<Omit<QaAnswer, 'conversationId'>> {
  const { ctx, trace } = makeQaContext(d, opts);
  // A count, not a listing: whether the library holds any passage to answer from.
  if (!(await d.lib.vectors.count('chunks'))) {
    ctx.trace('library', 'The library holds no passages yet, so there is nothing to answer from.');
    for (const t of EMPTY_LIBRARY.split(/(?<= )/)) ctx.emit({ type: 'token', text: t });
    const mode = input.mode === 'auto' ? 'naive' : input.mode;
    return {
      answer: EMPTY_LIBRARY,
      mode,
      citations: [],
      trace,
      confidence: 0,
      insufficient: true,
      empty: true,
    };
  }
  let mode: Exclude<QaMode, 'auto'>;
  if (input.mode === 'auto') {
    const choice = await chooseMode(ctx, input.question);
    mode = choice.mode;
    ctx.trace('mode', `auto chose ${mode}: ${choice.reason}`);
  } else {
    mode = input.mode;
    ctx.trace('mode', mode);
  }
  // Questions about the library as a whole ("which drugs …", "the main themes") are answered from the graph.
  const fromGraph = await answerFromGraph(ctx, questionFocus(input.question), mode, () => [...trace]);
  if (fromGraph) return fromGraph;
  const t0 = ctx.now();
  const r = await retrieve(ctx, input.question, mode);
  ctx.trace('retrieval', `${r.sources.length} passage(s), relevant: ${r.relevant}`, ctx.now() - t0);
  const out: ModeResult = await answerFromSources(ctx, input.question, mode, r, () => [...trace]);
  return out;
}

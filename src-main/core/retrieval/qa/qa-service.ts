import type { QaAnswer, QaMode, QaStreamItem, TraceStep } from '../../../contract/qa';
import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/tasks';
import type { GraphReads } from '../graph-reads';
import type { NameIndex } from '../search/name-index';
import { retrieveAgentic } from './agentic';
import { answerFromSources, type ModeResult } from './answer';
import { chooseMode } from './auto';
import { retrieveGlobal } from './global';
import { retrieveLocal } from './local';
import { retrieveNaive } from './naive';
import { thresholdsFor, type QaContext, type Retrieval } from './types';

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
  const ctx: QaContext = {
    lib: d.lib,
    tasks: d.tasks,
    data: d.data,
    names: d.names,
    now: d.now,
    signal: opts.signal ?? new AbortController().signal,
    thresholds: thresholdsFor(d.tasks.provider),
    maxContextTokens: opts.maxContextTokens ?? 4000,
    emit,
    communities: d.communities,
    trace(step, detail, ms) {
      const s: TraceStep = ms === undefined ? { step, detail } : { step, detail, ms };
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
      return retrieveGlobal(ctx, question);
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
  let mode: Exclude<QaMode, 'auto'>;
  if (input.mode === 'auto') {
    const choice = await chooseMode(ctx, input.question);
    mode = choice.mode;
    ctx.trace('mode', `auto chose ${mode}: ${choice.reason}`);
  } else {
    mode = input.mode;
    ctx.trace('mode', mode);
  }
  const t0 = ctx.now();
  const r = await retrieve(ctx, input.question, mode);
  ctx.trace('retrieval', `${r.sources.length} passage(s), relevant: ${r.relevant}`, ctx.now() - t0);
  const out: ModeResult = await answerFromSources(ctx, input.question, mode, r, () => [...trace]);
  return out;
}

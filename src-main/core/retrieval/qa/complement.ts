import { answeringSentences } from '../../llm/builtin/answer-focus';
import { retrieveNaive } from './naive';
import { strengthOf } from './relevance';
import type { QaContext, Retrieval, Source } from './types';

/** Fewer passages than this from the graph or the question index, and passage search complements them. */
export const MIN_CONTEXT = 3;

/**
 * The graph-led modes (local, agentic, global) find passages through what extraction wrote: entities,
 * evidence, atomic questions, communities. When that leads to little — few passages, none that looks
 * relevant, or none with a sentence that answers — the passages a plain search finds join the context
 * instead of the answer being "not enough information". If the
 * graph's passages look irrelevant, the searched ones lead: citations are numbered in context order, and
 * the reasoner reads from the top.
 */
export async function complementWithPassages(
  ctx: QaContext,
  question: string,
  found: Retrieval,
  label: string,
): Promise<Retrieval> {
  if (found.sources.length >= MIN_CONTEXT && found.relevant && holdsAnAnswer(question, found.sources))
    return found;
  const plain = await retrieveNaive(ctx, question, { neighbours: 1 });
  const have = new Set(found.sources.map((s) => s.chunk.id));
  const extra = plain.sources.filter((s) => !have.has(s.chunk.id));
  if (!extra.length) return found;
  ctx.trace(
    'complement',
    `${label} led to ${found.sources.length} passage(s)${found.relevant ? '' : ', none clearly relevant'}; ` +
      `added ${extra.length} from passage search${found.relevant ? '' : ', ahead of them'}`,
  );
  const sources: Source[] = found.relevant ? [...found.sources, ...extra] : [...extra, ...found.sources];
  return { sources, strength: strengthOf(question, sources), relevant: found.relevant || plain.relevant };
}

/** Whether a sentence of these passages carries the question's subject and what it asks (see answer-fit). */
function holdsAnAnswer(question: string, sources: Source[]): boolean {
  return (
    answeringSentences(
      question,
      sources.map((s, i) => ({ n: i + 1, text: s.chunk.text, title: s.chunk.title })),
    ).length > 0
  );
}

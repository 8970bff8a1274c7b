import type { QaAnswer } from '../../../contract/qa';
import { clip } from '../text';
import type { QaContext, Retrieval } from './types';
import { knownShare, MIN_KNOWN_SHARE } from './answerable';
import { verifyCitations } from './verify';

export const INSUFFICIENT = "I don't have enough information in this library to answer that.";

const NO_ANSWER =
  /do(es)? not (answer|contain|say|mention)|not enough information|cannot be answered|no information/i;

export type ModeResult = Omit<QaAnswer, 'conversationId'>;

/**
 * The reasoner step shared by every mode: stream the answer over numbered sources, then check each [n]
 * against its passage. Retrieved text reaches the model only inside quoted <source> blocks (see the LLM
 * layer's prompts), never as instructions.
 */
export async function answerFromSources(
  ctx: QaContext,
  question: string,
  mode: QaAnswer['mode'],
  r: Retrieval,
  trace: () => QaAnswer['trace'],
): Promise<ModeResult> {
  const known = r.relevant && r.sources.length ? await knownShare(ctx, question, r.sources) : null;
  if (known && known.share < MIN_KNOWN_SHARE)
    ctx.trace(
      'answerable',
      `the library never mentions ${known.missing.map((w) => `"${w}"`).join(', ')} (${Math.round(known.share * 100)}% of the question's words are known); not guessing`,
    );
  if (!r.relevant || !r.sources.length || !known || known.share < MIN_KNOWN_SHARE) {
    ctx.trace('answer', 'retrieval found nothing relevant; not guessing');
    for (const t of INSUFFICIENT.split(/(?<= )/)) ctx.emit({ type: 'token', text: t });
    return { answer: INSUFFICIENT, mode, citations: [], trace: trace(), confidence: 0, insufficient: true };
  }
  const t0 = ctx.now();
  let raw = '';
  const sources = r.sources.map((s, i) => ({
    n: i + 1,
    text: s.chunk.text,
    title: s.chunk.title,
    page: s.chunk.pageStart,
  }));
  for await (const token of ctx.tasks.answer({ question, sources }, { signal: ctx.signal })) {
    raw += token;
    ctx.emit({ type: 'token', text: token });
  }
  ctx.trace('answer', `reasoner answered from ${sources.length} passage(s)`, ctx.now() - t0);
  const checked = verifyCitations(raw, r.sources, question);
  if (checked.dropped)
    ctx.trace(
      'verify',
      `${checked.dropped} citation marker(s) without support in their passage were removed`,
    );
  const supported = checked.citations.filter((c) => c.supported);
  ctx.trace(
    'verify',
    `${supported.length} of ${checked.citations.length} cited passage(s) support the answer`,
  );
  ctx.emit({ type: 'sources', citations: checked.citations });
  if (!supported.length && NO_ANSWER.test(raw)) {
    return {
      answer: INSUFFICIENT,
      mode,
      citations: [],
      trace: trace(),
      confidence: 0.05,
      insufficient: true,
    };
  }
  const share = checked.citations.length ? supported.length / checked.citations.length : 0;
  const confidence =
    Math.round(Math.min(1, 0.15 + 0.45 * share + 0.4 * r.strength) * (supported.length ? 1 : 0.4) * 100) /
    100;
  return {
    answer: checked.answer || clip(raw, 2000),
    mode,
    citations: checked.citations,
    trace: trace(),
    confidence,
    insufficient: false,
  };
}

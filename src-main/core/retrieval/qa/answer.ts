import type { QaAnswer } from '../../../contract/qa';
import { answeringSentences } from '../../llm/builtin/answer-focus';
import { questionFocus } from '../../llm/builtin/question-focus';
import { clip } from '../text';
import { knownShare, MIN_KNOWN_SHARE, unknownSubject } from './answerable';
import { explainCheck, explainFocus, explainSources } from './plain-trace';
import type { QaContext, Retrieval } from './types';
import { verifyCitations } from './verify';

export const INSUFFICIENT = "I don't have enough information in this library to answer that.";

const NO_ANSWER =
  /do(es)? not (answer|contain|say|mention)|not enough information|cannot be answered|no information/i;

export type ModeResult = Omit<QaAnswer, 'conversationId'>;

/**
 * The reasoner step shared by every mode. It refuses precisely: when no retrieved sentence carries the
 * question's subject and what is asked about it (or the library never names part of that subject), the
 * answer says so without asking the reasoner; when one does, the reasoner answers over numbered sources
 * (retrieved text reaches a model only inside quoted <source> blocks, never as instructions) and every
 * statement is checked against the sentence it cites. The confidence comes from that check.
 */
export async function answerFromSources(
  ctx: QaContext,
  question: string,
  mode: QaAnswer['mode'],
  r: Retrieval,
  trace: () => QaAnswer['trace'],
): Promise<ModeResult> {
  const focus = questionFocus(question);
  ctx.say('question', explainFocus(focus));
  const sources = r.sources.map((s, i) => ({
    n: i + 1,
    text: s.chunk.text,
    title: s.chunk.title,
    page: s.chunk.pageStart,
  }));
  ctx.say('search', explainSources(focus, r.sources));
  const refuse = (why: string, confidence = 0): ModeResult => {
    ctx.say('answer', why);
    for (const t of INSUFFICIENT.split(/(?<= )/)) ctx.emit({ type: 'token', text: t });
    return { answer: INSUFFICIENT, mode, citations: [], trace: trace(), confidence, insufficient: true };
  };
  if (!r.sources.length)
    return refuse('Nothing in the library matched the question, so there is no answer to give.');
  const known = await knownShare(ctx, question, r.sources);
  if (known.share < MIN_KNOWN_SHARE)
    return refuse(
      `Most of the question's words never occur in the library (${known.missing.map((w) => `“${w}”`).join(', ')}); not guessing.`,
    );
  const unknown = unknownSubject(focus, known.missing);
  if (unknown.length)
    return refuse(
      `The library never mentions ${unknown.map((w) => `“${w}”`).join(', ')}, so it cannot answer this; not guessing.`,
    );
  ctx.trace('answerable', `${Math.round(known.share * 100)}% of the question's words occur in the library`);
  const fitting = answeringSentences(question, sources);
  ctx.trace(
    'fit',
    `${fitting.length} retrieved sentence(s) carry the subject and what is asked` +
      (fitting[0] ? `; best: "${clip(fitting[0].text, 120)}"` : ''),
  );
  if (!fitting.length)
    return refuse(
      `None of these passages says ${focus.kinds.includes('number') ? 'how much or how many' : 'what is asked'} about ${focus.about.slice(0, 4).join(', ') || 'this'}; not guessing.`,
    );

  const t0 = ctx.now();
  let raw = '';
  for await (const token of ctx.tasks.answer({ question, sources }, { signal: ctx.signal })) {
    raw += token;
    ctx.emit({ type: 'token', text: token });
  }
  ctx.trace('answer', `reasoner answered from ${sources.length} passage(s)`, ctx.now() - t0);
  const checked = verifyCitations(raw, r.sources, question);
  if (checked.dropped)
    ctx.trace('verify', `${checked.dropped} citation marker(s) pointing at no passage were removed`);
  ctx.trace(
    'verify',
    checked.claims
      .map((c) => `${c.carried ? (c.fits ? 'fits' : 'off-topic') : 'not carried'}: ${clip(c.claim, 80)}`)
      .join(' | ') || 'no cited statement',
  );
  ctx.emit({ type: 'sources', citations: checked.citations });
  const carried = checked.claims.filter((c) => c.carried);
  if (!carried.length && NO_ANSWER.test(raw))
    return refuse('The reasoner found no answer in these passages.', 0.05);
  ctx.say('answer', explainCheck(checked, r.sources));
  const unsupported = checked.claims.filter((c) => !c.carried || !c.fits);
  // A statement its citation does not carry is marked in the answer itself, not only in the source list.
  const note = unsupported.length
    ? `\n\n_${unsupported.length} of ${checked.claims.length} statement${checked.claims.length === 1 ? '' : 's'} ${unsupported.length === 1 ? 'is' : 'are'} not carried by the passage ${unsupported.length === 1 ? 'it cites' : 'they cite'}._`
    : '';
  return {
    answer: (checked.answer || clip(raw, 2000)) + note,
    mode,
    citations: checked.citations,
    trace: trace(),
    confidence: checked.confidence,
    insufficient: false,
  };
}

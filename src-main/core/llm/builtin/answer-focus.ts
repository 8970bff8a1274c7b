import type { AnswerSource } from '../tasks';
import { contentTerms, isProse, splitSentences } from './text';

/** Said when no sentence of the sources answers: the QA layer turns it into "not enough information". */
export const NOT_ANSWERED = 'The provided sources do not answer this question.';

/** Sentences an answer may hold, and how far below the best one a sentence may score and still join it. */
const MAX_SENTENCES = 3;
const KEEP_RATIO = 0.6;
/** Below this share of the question's (rarity-weighted) words, a sentence is not about the question. */
const MIN_MATCH = 0.3;
/** Words that frame a question rather than name what it is about. */
const FRAME = new Set(
  'far happen happens happened kind type way mean means explain describe tell known know give list main'.split(
    ' ',
  ),
);

const NUMERIC_Q =
  /\bhow (much|many|long|often|large|high|low|far)\b|\bby how\b|\bwhat (percentage|proportion|fraction|dose|concentration|amount|number|rate|ratio)\b|\bhow many-?fold\b/i;
const EFFECT_Q = /\b(effect|affect|impact|influence|change|do(es)?|role)\b/i;
const CHANGE =
  /\b(increas|decreas|reduc|lower|rais|rose|fell|inhibit|activat|block|abolish|restor|suppress|improv|impair|promot|prevent|induc|dampen|enhanc|attenuat|elevat|diminish)/i;
// One whitespace run before the optional dot: `\s*\.?\s*` split a run two ways (quadratic, found by the ReDoS audit).
const CAPTION = /^(fig(ure)?|table|supplementary|appendix)\s*(?:\.\s*)?s?\d/i;
const AFFILIATION =
  /\b(universit|department|institute|faculty|school of|college|laborator|hospital|centre|center)\w*/i;
const AUXILIARY = new Set(
  'is are was were has have had be been can may might did does do will would should could'.split(' '),
);
/** Whether a sentence has a verb, roughly: an auxiliary or a word ending in -ed or -es. */
const hasVerb = (s: string) =>
  s
    .toLowerCase()
    .split(' ')
    .some((t) => AUXILIARY.has(t) || (t.length > 4 && (t.endsWith('ed') || t.endsWith('es'))));
const REFERENCE = /\bet al\.|\b(19|20)\d{2}\s*;\s*\d+|\bdoi:|https?:\/\//i;

/** Not an answer sentence: a caption, an affiliation or author line, a reference, or table debris. */
export function isDebris(sentence: string): boolean {
  const s = sentence.trim();
  if (CAPTION.test(s) || REFERENCE.test(s)) return true;
  if (AFFILIATION.test(s) && !hasVerb(s)) return true;
  const tokens = s.split(' ').filter(Boolean);
  if (tokens.length < 4) return true;
  // Table rows: mostly numbers, symbols and short codes rather than words.
  const wordy = tokens.filter((t) => /^[a-z][a-z-]{2,}[,.;:]?$/.test(t)).length;
  return wordy / tokens.length < 0.4;
}

/**
 * A query-focused extractive answer: the source sentences ranked by how well they answer the question —
 * the question's words weighted by how rare they are among the sources' sentences, a sentence that only
 * restates the question ranked down, a number favoured when the question asks how much, a change
 * ("reduced", "activates") when it asks for an effect, the shorter of two alike — de-duplicated, at most
 * three, best first, each with its [n].
 */
export function focusedAnswer(question: string, sources: AnswerSource[]): string {
  const q = [...new Set(contentTerms(question))].filter((t) => !FRAME.has(t));
  if (!q.length) return NOT_ANSWERED;
  const sentences = sources.flatMap((s) =>
    splitSentences(s.text)
      .filter((t) => isProse(t) && !isDebris(t))
      .map((text) => ({ text, n: s.n, terms: new Set(contentTerms(text)) })),
  );
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (sentences.length + 1) / (1 + (df.get(t) ?? 0)));
  const qWeight = q.reduce((a, t) => a + idf(t), 0);
  const numeric = NUMERIC_Q.test(question);
  const effect = !numeric && EFFECT_Q.test(question);
  const scored = sentences.map((s, order) => {
    const match = q.reduce((a, t) => a + (s.terms.has(t) ? idf(t) : 0), 0) / qWeight;
    const novel = [...s.terms].filter((t) => !q.includes(t)).length;
    let score = match * (novel >= 2 ? 1 : 0.5);
    if (numeric) score *= /\d/.test(s.text.replace(/\[\d+(,\s*\d+)*\]/g, '')) ? 1.3 : 0.7;
    if (effect && CHANGE.test(s.text)) score *= 1.2;
    // Of two sentences that answer alike, the shorter says it more plainly.
    score /= Math.sqrt(Math.max(12, s.text.split(' ').length) / 12);
    return { ...s, match, score, order };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0];
  if (!best || best.match < MIN_MATCH) return NOT_ANSWERED;
  const chosen: typeof scored = [];
  for (const s of scored) {
    if (chosen.length >= MAX_SENTENCES || s.score < best.score * KEEP_RATIO) break;
    if (s.match < MIN_MATCH) continue;
    // The same statement from two passages (an abstract and its results) is said once.
    if (chosen.some((c) => jaccard(c.terms, s.terms) > 0.5)) continue;
    chosen.push(s);
  }
  // Best first: the sentence that answers leads, the others support it.
  return chosen
    .map((s) => s.text.trim().replace(/([.!?]["')\]]*)?$/, (stop = '') => ` [${s.n}]${stop}`))
    .join(' ');
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / Math.max(1, a.size + b.size - both);
}

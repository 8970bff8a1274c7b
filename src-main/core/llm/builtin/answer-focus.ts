import type { AnswerSource } from '../task-types';
import { answers, definedPairs, sentenceFit, type SentenceFit } from './answer-fit';
import { quotableSentences, readable } from './quotable';
import { questionFocus } from './question-focus';
import { contentTerms } from './text';

/** Said when no sentence of the sources answers: the QA layer turns it into "not enough information". */
export const NOT_ANSWERED = 'The provided sources do not answer this question.';

/** Sentences an answer may hold, and how far below the best one a sentence may score and still join it. */
const MAX_SENTENCES = 3;
const KEEP_RATIO = 0.6;
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
const AIM =
  /\b(aims?|aimed|objectives?|purpose|goal|hypothes[ie]s|hypothesi[sz]ed|investigate whether|sought to|to investigate|to examine|to determine)\b/i;
const REF_BRACKET = /\s?\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]/g;
const REFERENCE = /\bet al\.|\b(19|20)\d{2}\s*;\s*\d+|\bdoi:|https?:\/\//i;
/** Front and back matter: keywords, acknowledgements, funding and interests statements. */
const MATTER =
  /^(keywords?|key words|abbreviations)\s*:|\b(we (would like to )?thank|acknowledge?ments?|funded by|competing interests|conflicts? of interest|personal fees)\b/i;

/** Not an answer sentence: a caption, an affiliation or author line, a reference, or table debris. */
export function isDebris(sentence: string): boolean {
  const s = sentence.replace(/\s+/g, ' ').trim();
  if (CAPTION.test(s) || REFERENCE.test(s) || MATTER.test(s)) return true;
  if (AFFILIATION.test(s) && !hasVerb(s)) return true;
  const tokens = s.split(' ').filter(Boolean);
  // Under four words is a label; past seventy, figure text or a table run into a sentence.
  if (tokens.length < 4 || tokens.length > 70) return true;
  // Table rows: mostly numbers, symbols and short codes rather than words.
  const wordy = tokens.filter((t) => /^[a-z][a-z-]{2,}[,.;:]?$/.test(t)).length;
  return wordy / tokens.length < 0.4;
}

export interface Candidate {
  text: string;
  n: number;
  terms: Set<string>;
  fit: SentenceFit;
  score: number;
  order: number;
}

/**
 * A query-focused extractive answer: the whole sentences of the sources that carry what the question is
 * about (its words weighted by rarity, a defined abbreviation standing for its long form) AND what it asks
 * (a number with its unit, the items of a list, a verb of mechanism, a comparison), ranked by that fit, a
 * sentence that only restates the question ranked down and the shorter of two alike up; de-duplicated, at
 * most three, best first, each with its [n]. None fits: "the sources do not answer" (the QA layer refuses).
 */
export function focusedAnswer(question: string, sources: AnswerSource[]): string {
  const fitting = answeringSentences(question, sources);
  const best = fitting[0];
  if (!best) return NOT_ANSWERED;
  const chosen: Candidate[] = [];
  for (const s of fitting) {
    if (chosen.length >= MAX_SENTENCES || s.score < best.score * KEEP_RATIO) break;
    // The same statement from two passages (an abstract and its results) is said once.
    if (chosen.some((c) => jaccard(c.terms, s.terms) > 0.5)) continue;
    chosen.push(s);
  }
  // Best first: the sentence that answers leads, the others support it.
  return chosen
    .map((s) =>
      readable(s.text)
        // The paper's own reference brackets ("[12]", "[3-5]") would read as citations of the answer.
        .replace(REF_BRACKET, '')
        .trim()
        .replace(/([.!?]["'”’)\]]*)?$/, (stop = '') => ` [${s.n}]${stop}`),
    )
    .join(' ');
}

/**
 * The whole sentences of the sources that answer the question (they carry its subject and what it asks,
 * see answer-fit), best first. None: nothing retrieved answers, and the QA layer refuses.
 */
export function answeringSentences(question: string, sources: AnswerSource[]): Candidate[] {
  const focus = questionFocus(question);
  if (!focus.subject.length) return [];
  const pairs = definedPairs(
    focus,
    sources.map((s) => s.text),
  );
  const sentences = sources.flatMap((s) =>
    quotableSentences(s.text)
      .filter((q) => !isDebris(q.text))
      .map((q) => ({ text: q.text, n: s.n, passage: s.text, title: s.title })),
  );
  const df = new Map<string, number>();
  const termsOf = sentences.map((s) => new Set(contentTerms(s.text)));
  for (const t of termsOf) for (const w of t) df.set(w, (df.get(w) ?? 0) + 1);
  const weight = (t: string) => Math.log(1 + (sentences.length + 1) / (1 + (df.get(t) ?? 0)));
  const scored: Candidate[] = sentences.map((s, order) => {
    const fit = sentenceFit(focus, s.text, { passage: s.passage, title: s.title, weight, pairs });
    const terms = termsOf[order] ?? new Set<string>();
    const novel = [...terms].filter((t) => !focus.subject.includes(t)).length;
    let score =
      ((fit.subject + fit.inSentence) / 2) *
      fit.asked *
      (novel >= 2 ? 1 : 0.5) *
      (0.85 + 0.15 * fit.namesHere);
    // A study's aim or hypothesis restates a question; its findings answer it (a list of what was compared
    // is often in the aim, though).
    if (AIM.test(s.text) && !focus.kinds.includes('list')) score *= 0.6;
    // The asked-for word itself ("complications", "participants") marks the sentence that answers.
    if (focus.asked.some((a) => terms.has(a))) score *= 1.15;
    // Of two sentences that answer alike, the shorter says it more plainly.
    score /= Math.sqrt(Math.max(14, s.text.split(/\s+/).length) / 14);
    return { text: s.text, n: s.n, terms, fit, score, order };
  });
  return scored.filter((s) => answers(s.fit)).sort((a, b) => b.score - a.score || a.order - b.order);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / Math.max(1, a.size + b.size - both);
}

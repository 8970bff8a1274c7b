import type { AnswerCitation } from '../../../contract/qa';
import { answers, definedPairs, root, sentenceFit } from '../../llm/builtin/answer-fit';
import { quotableSentences, readable } from '../../llm/builtin/quotable';
import { questionFocus, type QuestionFocus } from '../../llm/builtin/question-focus';
import { contentTerms } from '../../llm/builtin/text';
import { quotePlace } from '../graph-reads';
import { sentences } from '../../nlp/sentences';
import { bestSentence } from '../text';
import type { Source } from './types';

/** Share of a claim's content words its cited sentence must hold (and every number of the claim). */
export const SUPPORT_MIN = 0.6;

const MARK = /\s?\[(\d{1,3})\]/g;
/** "[1, 3]" or "[1;3]" → "[1][3]", so every marker names one source. */
const GROUPED = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})+)\]/g;
/** Markers written after the full stop ("… in mice. [2]") belong to the sentence before them. */
const AFTER_STOP = /([.!?])((?:\s?\[\d{1,3}\])+)(?=\s|$)/g;
const NUMBER = /\d+(?:[.,·]\d+)?/g;

/** One statement of the answer and what the check found for each passage it cites. */
export interface ClaimCheck {
  claim: string;
  /** Source numbers as the reasoner wrote them. */
  cites: number[];
  /** The cited sentence holds the claim's content words and numbers. */
  carried: boolean;
  /** The cited sentence carries the question's subject and what is asked about it. */
  fits: boolean;
  /** 0..1, what the answer's confidence is made of. */
  score: number;
}

export interface VerifiedAnswer {
  answer: string;
  /** Numbered 1..n in the order the answer first uses them. */
  citations: AnswerCitation[];
  /** For each citation, the index of its source in the retrieval's list. */
  sourceIndex: number[];
  /** Markers that pointed at no source (removed). */
  dropped: number;
  claims: ClaimCheck[];
  /** From the check: an answer whose cited sentences do not carry it, or are about something else, stays low. */
  confidence: number;
}

/** The answer with markers in one canonical form: one source per marker, placed before the full stop. */
function canonicalMarkers(answer: string): string {
  return answer
    .replace(GROUPED, (_, list: string) =>
      list
        .split(/[,;]/)
        .map((n) => `[${n.trim()}]`)
        .join(''),
    )
    .replace(AFTER_STOP, (_, stop: string, marks: string) => `${marks}${stop}`);
}

/** Share of the claim's content words (other forms counted) in the quote; 0 when a number of the claim is missing. */
export function carriedShare(claim: string, quote: string): number {
  const numbers = claim.match(NUMBER) ?? [];
  quote = readable(quote);
  const flat = quote.replace(/·/g, '.');
  if (numbers.some((n) => !flat.includes(n.replace(/·/g, '.')))) return 0;
  const want = [...new Set(contentTerms(claim))];
  if (!want.length) return 1;
  const have = contentTerms(quote).map(root);
  return (
    want.filter((w) => have.some((h) => h.startsWith(root(w)) || root(w).startsWith(h))).length / want.length
  );
}

/** The sentence of a passage that best carries the claims citing it: a whole sentence when there is one. */
function quoteFor(text: string, claims: string[]): { quote: string; share: number } {
  const whole = quotableSentences(text);
  const pool = whole.length ? whole : quotableSentences(text, { nonProse: true });
  let best = { quote: '', share: -1 };
  for (const s of pool) {
    const share = Math.max(...claims.map((c) => carriedShare(c, s.text)));
    if (share > best.share) best = { quote: s.text, share };
  }
  if (best.share >= SUPPORT_MIN) return best;
  // A table row or a passage without a whole sentence: the best sentence of the shared splitter.
  const fallback = claims.map((c) => bestSentence(text, c).sentence).find(Boolean) ?? '';
  const share = fallback ? Math.max(...claims.map((c) => carriedShare(c, fallback))) : 0;
  return share > best.share ? { quote: fallback, share } : best;
}

/**
 * Checks every statement of an answer against the sentence it cites. For each [n], the passage's sentence
 * that best carries the statements citing it becomes the quote (an exact substring, so the viewer can
 * highlight it); the citation stands when that sentence holds the statement's content words and numbers
 * AND, given the question, carries its subject and what it asks. A marker that points nowhere is removed;
 * a statement whose citation does not carry it keeps its marker, the citation is `supported: false`, and
 * the answer says so. Citations are renumbered 1..n in the order the answer uses them.
 */
export function verifyCitations(answer: string, sources: Source[], question?: string): VerifiedAnswer {
  answer = canonicalMarkers(answer);
  const focus: QuestionFocus | null = question ? questionFocus(question) : null;
  const pairs = focus
    ? definedPairs(
        focus,
        sources.map((s) => s.chunk.text),
      )
    : undefined;
  const valid = (n: number) => n >= 1 && n <= sources.length;
  // Each statement is checked against the one sentence of each passage it cites that carries it best: a
  // passage cited by three statements gives three quotes, each its own citation.
  const fitOf = new Map<string, { fits: boolean; subject: number }>();
  const fitFor = (n: number, quote: string) => {
    const key = `${n}\u0000${quote}`;
    let f = fitOf.get(key);
    if (!f) {
      const chunk = (sources[n - 1] as Source).chunk;
      const fit = focus
        ? sentenceFit(focus, quote, { passage: chunk.text, title: chunk.title, pairs })
        : null;
      f = { fits: !fit || answers(fit), subject: fit ? (fit.subject + fit.inSentence) / 2 : 1 };
      fitOf.set(key, f);
    }
    return f;
  };
  const pieces: { text: string; cites: { n: number; quote: string; share: number }[] }[] = [];
  let dropped = 0;
  let rest = answer;
  const spans = sentences(answer);
  let last = 0;
  for (const span of spans) {
    const sentence = answer.slice(span.start, span.end);
    const claim = sentence.replace(MARK, '').trim();
    const cites = [...sentence.matchAll(MARK)].map((m) => Number(m[1]));
    dropped += cites.filter((n) => !valid(n)).length;
    const mine = [...new Set(cites.filter(valid))].map((n) => ({
      n,
      ...quoteFor((sources[n - 1] as Source).chunk.text, [claim]),
    }));
    pieces.push({ text: answer.slice(last, span.end), cites: mine });
    last = span.end;
  }
  rest = answer.slice(last);
  const claims: ClaimCheck[] = [];
  pieces.forEach((p) => {
    if (!p.cites.length) return;
    const claim = p.text.replace(MARK, '').trim();
    const carried = p.cites.filter((c) => c.share >= SUPPORT_MIN);
    const fitting = carried.filter((c) => fitFor(c.n, c.quote).fits);
    const subject = Math.max(0, ...carried.map((c) => fitFor(c.n, c.quote).subject));
    // An unrelated sentence cannot reach 0.8: that takes a carried claim about most of the subject.
    const score = !carried.length ? 0 : fitting.length ? 0.55 + 0.45 * subject : 0.35 * subject;
    claims.push({
      claim,
      cites: p.cites.map((c) => c.n),
      carried: carried.length > 0,
      fits: fitting.length > 0,
      score,
    });
  });

  // Citations 1..n in order of first use, one per quoted sentence; markers that point nowhere go.
  const keys = new Map<string, number>();
  const citations: AnswerCitation[] = [];
  const sourceIndex: number[] = [];
  const rebuilt = pieces
    .map((p) => {
      let i = 0;
      return p.text.replace(MARK, (m, d: string) => {
        const n = Number(d);
        if (!valid(n)) return '';
        const c = p.cites.find((x) => x.n === n);
        if (!c) return m;
        if (p.cites.indexOf(c) < i) return '';
        i = p.cites.indexOf(c) + 1;
        const key = `${n}\u0000${c.quote}`;
        let num = keys.get(key);
        if (num === undefined) {
          num = keys.size + 1;
          keys.set(key, num);
          const chunk = (sources[n - 1] as Source).chunk;
          citations.push({
            n: num,
            documentId: chunk.docId,
            title: chunk.title,
            year: chunk.year,
            ...quotePlace(chunk, c.quote),
            chunkId: chunk.id,
            quote: c.quote,
            supported: c.share >= SUPPORT_MIN && fitFor(n, c.quote).fits,
          });
          sourceIndex.push(n - 1);
        }
        return m.replace(d, String(num));
      });
    })
    .join('');
  const cleaned = (rebuilt + rest).replace(/[ \t]+([.,;:])/g, '$1').trim();
  const confidence = claims.length
    ? Math.round((claims.reduce((a, c) => a + c.score, 0) / claims.length) * 100) / 100
    : 0;
  return { answer: cleaned, citations, sourceIndex, dropped, claims, confidence };
}

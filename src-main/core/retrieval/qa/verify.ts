import type { AnswerCitation } from '../../../contract/qa';
import { quotePlace } from '../graph-reads';
import { bestSentence, coverage, splitSentences, terms } from '../text';
import type { Source } from './types';
import { atKey } from '../../at';

/** Share of a claim's content words that must appear in the quoted sentence for the citation to stand. */
export const SUPPORT_MIN = 0.5;

const MARK = /\s?\[(\d{1,3})\]/g;
/** "[1, 3]" or "[1;3]" → "[1][3]", so every marker names one source. */
const GROUPED = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})+)\]/g;
/** Markers written after the full stop ("… in mice. [2]") belong to the sentence before them. */
const AFTER_STOP = /([.!?])((?:\s?\[\d{1,3}\])+)(?=\s|$)/g;

/**
 * Whether a cited sentence is about the question: it names at least a quarter of the question's content
 * words (one, for short questions), counting other forms of a word ("activates" for "activate").
 */
export function addressesQuestion(question: string, quote: string): boolean {
  const q = [...new Set(terms(question))];
  if (!q.length) return true;
  const have = terms(quote);
  const hit = q.filter((w) => {
    const r = w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w;
    return have.some((t) => t.startsWith(r));
  }).length;
  return hit >= Math.max(1, Math.ceil(q.length / 4));
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

/**
 * Checks every [n] of an answer against the passage it points at. For each citing sentence, the best
 * matching sentence of the passage becomes the quote (an exact substring of the chunk, so the viewer can
 * highlight it); the citation stands when that sentence carries enough of the claim. Markers that point
 * nowhere or are unsupported are removed from the answer, and unsupported sources are listed with
 * `supported: false` so the UI can flag them without presenting them as evidence.
 */
export function verifyCitations(
  answer: string,
  sources: Source[],
  question?: string,
): { answer: string; citations: AnswerCitation[]; dropped: number } {
  answer = canonicalMarkers(answer);
  const byN = new Map(sources.map((s, i) => [i + 1, s]));
  const support = new Map<number, { quote: string; score: number }>();
  const claimOf = new Map<number, string[]>();
  for (const sentence of splitSentences(answer)) {
    const claim = sentence.replace(MARK, '').trim();
    for (const m of sentence.matchAll(MARK)) {
      const n = Number(m[1]);
      claimOf.set(n, [...(claimOf.get(n) ?? []), claim]);
    }
  }
  for (const [n, claims] of claimOf) {
    const s = byN.get(n);
    if (!s) continue;
    let best = { quote: '', score: -1 };
    for (const claim of claims) {
      const b = bestSentence(s.chunk.text, claim);
      const score = Math.max(coverage(claim, b.sentence), coverage(claim, s.chunk.text) * 0.9);
      if (score > best.score) best = { quote: b.sentence, score };
    }
    // A quote that exists but is about something else does not support an answer to this question.
    if (question && !addressesQuestion(question, best.quote)) best = { ...best, score: 0 };
    support.set(n, best);
  }
  let dropped = 0;
  const cleaned = answer.replace(MARK, (m, d: string) => {
    const sup = support.get(Number(d));
    if (sup && sup.score >= SUPPORT_MIN) return m;
    dropped++;
    return '';
  });
  const citations: AnswerCitation[] = [...support]
    .sort((a, b) => a[0] - b[0])
    .map(([n, sup]) => {
      // `support` holds only markers that point at a source.
      const c = atKey(byN, n).chunk;
      return {
        n,
        documentId: c.docId,
        title: c.title,
        year: c.year,
        ...quotePlace(c, sup.quote),
        chunkId: c.id,
        quote: sup.quote,
        supported: sup.score >= SUPPORT_MIN,
      };
    });
  return { answer: cleaned.replace(/[ \t]+([.,;:])/g, '$1').trim(), citations, dropped };
}

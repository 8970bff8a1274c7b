import { findTerm } from '../search/passages';
import { normalise, terms } from '../text';
import type { QuestionFocus } from '../../llm/builtin/question-focus';
import type { QaContext, Source } from './types';

/**
 * Share of the question's content words the library must contain somewhere for any mode to answer.
 * Calibrated on the fixture questions (test/integration/qa-answers.test.ts): answerable ones score 0.8–1,
 * questions about what the library does not hold ("remdesivir and COVID-19", "the capital of France")
 * 0–0.25; 0.6 sits between with room on both sides.
 */
export const MIN_KNOWN_SHARE = 0.6;

/** "activates" → "activat": enough of a word to find its other forms as a word prefix. */
function root(term: string): string {
  for (const suffix of ['ations', 'ation', 'ing', 'ies', 'es', 'ed', 'e', 's'])
    if (term.length - suffix.length >= 4 && term.endsWith(suffix)) return term.slice(0, -suffix.length);
  return term;
}

/** Whether `text` has a word starting with `prefix` (case and spacing ignored). */
function hasWordStarting(text: string, prefix: string): boolean {
  const hay = normalise(text);
  for (let at = hay.indexOf(prefix); at >= 0; at = hay.indexOf(prefix, at + 1))
    if (at === 0 || !/[\p{L}\p{N}]/u.test(hay.charAt(at - 1))) return true;
  return false;
}

/**
 * How much of what the question asks about this library holds: each content word is looked for in the
 * retrieved passages, then in the whole library (BM25). A question whose words are mostly absent is not
 * answerable here, however close the nearest passages look to a vector or a lenient lexical gate.
 */
export async function knownShare(
  ctx: Pick<QaContext, 'lib'>,
  question: string,
  sources: Source[],
): Promise<{ share: number; missing: string[] }> {
  const words = [...new Set(terms(question))];
  if (!words.length) return { share: 0, missing: [] };
  const missing: string[] = [];
  for (const w of words) {
    const r = root(w);
    if (sources.some((s) => hasWordStarting(s.chunk.text, r))) continue;
    const hits = ctx.lib.vectors.embedding()
      ? await ctx.lib.vectors.textSearch('chunks', w, { k: 3 }).catch(() => [])
      : [];
    if (hits.some((h) => findTerm(h.text, w) >= 0 || hasWordStarting(h.text, r))) continue;
    missing.push(w);
  }
  return { share: 1 - missing.length / words.length, missing };
}

/**
 * The part of the question's subject the library never mentions, when it matters: a name the question
 * uses ("Japan", "Cerulean-T65S") or a specific word (seven letters or more: "rivaroxaban", "geothermal").
 * An answer about the rest would be about something else, however close it sounds.
 */
export function unknownSubject(focus: QuestionFocus, missing: string[]): string[] {
  const names = new Set(focus.names.map((n) => n.toLowerCase()));
  return missing.filter(
    (w) =>
      names.has(w) ||
      focus.names.some((n) =>
        n
          .toLowerCase()
          .split(/[\s-]+/)
          .includes(w),
      ) ||
      (w.length >= 7 && !/[\d-]/.test(w) && focus.subject.some((t) => w.startsWith(t) || t.startsWith(w))),
  );
}

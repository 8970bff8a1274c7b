import type { QuestionFocus } from '../../llm/builtin/question-focus';
import { citeLabel } from '../text';
import type { Source } from './types';
import type { VerifiedAnswer } from './verify';

/**
 * The trace in a scientist's words: what the question asks, what was looked for and found, which passages
 * the answer uses, and the check's verdict. Developer detail (scores, timings, sub-questions) stays in the
 * other steps, behind the trace's toggle.
 */

const KIND_WORDS: Record<string, string> = {
  number: 'a number',
  list: 'a list',
  comparison: 'a comparison',
  mechanism: 'how something works',
  yesno: 'a yes or a no',
  cross: 'what the papers share',
  themes: 'the main themes',
  fact: 'a fact',
};

/** "heparin, DVT and bleeding" */
export function listWords(words: string[], max = 4): string {
  const w = words.slice(0, max);
  return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} and ${w.at(-1)}`;
}

export function explainFocus(focus: QuestionFocus): string {
  const kinds = focus.kinds.map((k) => KIND_WORDS[k] ?? k);
  const about = focus.about.length ? ` about ${listWords(focus.about)}` : '';
  return `The question asks for ${listWords(kinds, 2)}${about}.`;
}

export function explainSources(focus: QuestionFocus, sources: Source[]): string {
  const papers = new Set(sources.map((s) => s.chunk.docId)).size;
  const about = focus.about.length ? ` about ${listWords(focus.about, 3)}` : '';
  return sources.length
    ? `Looked for passages${about}; found ${sources.length} in ${papers} paper${papers === 1 ? '' : 's'}.`
    : `Looked for passages${about}; found none.`;
}

/** "The answer uses Complications related to deep… 2010, p. 1 and p. 4; each statement is in the sentence it cites." */
export function explainCheck(checked: VerifiedAnswer, sources: Source[]): string {
  const places = new Map<string, string[]>();
  checked.citations.forEach((c) => {
    const chunk = sources[checked.sourceIndex[checked.citations.indexOf(c)] ?? -1]?.chunk;
    const paper = citeLabel({ title: c.title, year: c.year, page: null });
    const where = c.label ? `${c.label}, p. ${c.page ?? '?'}` : `p. ${c.page ?? chunk?.pageStart ?? '?'}`;
    const list = places.get(paper) ?? [];
    if (!list.includes(where)) list.push(where);
    places.set(paper, list);
  });
  const uses = [...places].map(([paper, where]) => `${paper}, ${where.join(' and ')}`).join('; ');
  const bad = checked.claims.filter((c) => !c.carried || !c.fits);
  const verdict = !checked.claims.length
    ? 'it cites no passage, so nothing could be checked'
    : !bad.length
      ? checked.claims.length === 1
        ? 'the check found the statement in the sentence it cites'
        : `the check found each of its ${checked.claims.length} statements in the sentence it cites`
      : `the check could not confirm ${bad.length} of ${checked.claims.length} statement${checked.claims.length === 1 ? '' : 's'}: ` +
        bad
          .map((c) =>
            c.carried ? 'its cited sentence is about something else' : 'its cited sentence does not say it',
          )
          .filter((v, i, a) => a.indexOf(v) === i)
          .join('; ');
  return `${uses ? `The answer uses ${uses}; ` : ''}${verdict}.`;
}

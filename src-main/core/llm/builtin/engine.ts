import type { CommunityReport } from '../schemas';
import type { AnswerSource, CommunityInput } from '../task-types';
import { ruleExtract } from './extract';
import { contentTerms, isProse, splitSentences, truncate } from './text';
import { trimEndChars } from '../../nlp/trim-chars';
import { at } from '../../at';

/**
 * The deterministic "model" behind the built-in provider (and the Ollama simulator): extractive summaries,
 * template questions, keyword decomposition and extractive answers with citations.
 */

function scoreSentences(sentences: string[], bias: Set<string> = new Set()): number[] {
  const tf = new Map<string, number>();
  for (const s of sentences) for (const t of contentTerms(s)) tf.set(t, (tf.get(t) ?? 0) + 1);
  return sentences.map((s, i) => {
    const terms = contentTerms(s);
    if (!terms.length) return 0;
    const base =
      terms.reduce((n, t) => n + (tf.get(t) ?? 0) + (bias.has(t) ? 0.5 : 0), 0) / Math.sqrt(terms.length);
    // Papers state their point early in a block; a mild lead bias keeps the summary readable.
    return base * (i === 0 ? 1.2 : 1);
  });
}

export function extractiveSummary(text: string, previousSummary = '', maxChars = 600): string {
  const sentences = splitSentences(text);
  if (!sentences.length) return truncate(text.trim(), maxChars) || '(empty block)';
  const scores = scoreSentences(sentences, new Set(contentTerms(previousSummary)));
  // One score per sentence.
  const order = sentences.map((_, i) => i).sort((a, b) => at(scores, b) - at(scores, a) || a - b);
  const chosen: number[] = [];
  let length = 0;
  for (const i of order) {
    if (chosen.length >= 3) break;
    const sentence = at(sentences, i);
    if (chosen.length && length + sentence.length > maxChars) continue;
    chosen.push(i);
    length += sentence.length + 1;
  }
  return truncate(
    chosen
      .sort((a, b) => a - b)
      .map((i) => sentences[i])
      .join(' '),
    maxChars,
  );
}

const GENERIC_QUESTIONS = [
  'What is the main finding reported in this passage?',
  'Which methods or experimental systems does this passage describe?',
  'Which entities does this passage discuss?',
  'What conclusion does this passage draw?',
  'What evidence does this passage give for its main claim?',
];

export function templateQuestions(text: string, entityTypes: readonly string[]): string[] {
  const x = ruleExtract(text, { entityTypes });
  const out: string[] = [];
  const push = (q: string) => {
    if (out.length < 10 && !out.some((o) => o.toLowerCase() === q.toLowerCase())) out.push(q);
  };
  for (const e of x.entities) {
    const abbr = /\(abbreviated ([^)]+)\)/.exec(e.entity_description)?.[1];
    if (abbr) push(`What does ${abbr} stand for?`);
  }
  for (const r of x.relationships.slice(0, 4)) {
    push(`What is the relationship between ${r.source_entity} and ${r.target_entity}?`);
  }
  for (const e of x.entities.slice(0, 4)) push(`What does the text report about ${e.entity_name}?`);
  for (const s of splitSentences(text).slice(0, 3)) {
    const head = trimEndChars(s.split(/\s+/).slice(0, 8).join(' '), ',.;:');
    if (head.split(' ').length >= 4) push(`What is stated about "${head}"?`);
  }
  for (const q of GENERIC_QUESTIONS) if (out.length < 5) push(q);
  return out.slice(0, 10);
}

export function keywordDecompose(
  question: string,
  context: string[],
  entityTypes: readonly string[],
): string[] {
  const covered = new Set(context.flatMap((c) => contentTerms(c)));
  const terms = ruleExtract(question, { entityTypes }).entities.map((e) => e.entity_name);
  for (const t of contentTerms(question))
    if (t.length > 4 && !terms.some((x) => x.toLowerCase().includes(t))) terms.push(t);
  const missing = terms.filter((t) => !contentTerms(t).every((w) => covered.has(w)));
  const out: string[] = [];
  const pair = /between (.+?) and (.+?)[?.]?$/i.exec(question);
  if (pair && missing.length) out.push(`How is ${pair[1]} related to ${pair[2]}?`);
  for (const t of missing) if (out.length < 3) out.push(`What is known about ${t}?`);
  return out;
}

export function extractiveAnswer(question: string, sources: AnswerSource[]): string {
  const q = new Set(contentTerms(question));
  const scored: { text: string; n: number; score: number; order: number }[] = [];
  let order = 0;
  for (const s of sources) {
    for (const sentence of splitSentences(s.text).filter(isProse)) {
      const terms = contentTerms(sentence);
      const hits = new Set(terms.filter((t) => q.has(t))).size;
      if (hits)
        scored.push({ text: sentence, n: s.n, score: hits / Math.sqrt(terms.length + 1), order: order++ });
    }
  }
  if (!scored.length) return 'The provided sources do not answer this question.';
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return (
    scored
      .slice(0, 3)
      // The marker goes before the full stop, as a scientist writes it: "… in hepatocytes [1]."
      .map((s) => s.text.trim().replace(/([.!?]["')\]]*)?$/, (stop = '') => ` [${s.n}]${stop}`))
      .join(' ')
  );
}

export function communityReport(input: CommunityInput): CommunityReport {
  if (!input.entities.length)
    return { title: 'Empty community', summary: 'This community has no entities.', keyTopics: ['none'] };
  const degree = new Map<string, number>();
  for (const r of input.relationships) {
    degree.set(r.source, (degree.get(r.source) ?? 0) + 1);
    degree.set(r.target, (degree.get(r.target) ?? 0) + 1);
  }
  const ranked = [...input.entities].sort((a, b) => (degree.get(b.name) ?? 0) - (degree.get(a.name) ?? 0));
  const top = ranked.slice(0, 3).map((e) => e.name);
  const title = truncate(top.join(', '), 110);
  const lead = `This group links ${top.length > 1 ? `${top.slice(0, -1).join(', ')} and ${top.at(-1)}` : top[0]}.`;
  const evidence = input.relationships.slice(0, 3).map((r) => r.description.trim());
  const summary = truncate([lead, ...evidence].join(' '), 1500);
  const topics = [...new Set([...ranked.slice(0, 4).map((e) => e.name), ...ranked.map((e) => e.type)])].slice(
    0,
    6,
  );
  return { title, summary, keyTopics: topics };
}

import { coverage, terms } from '../text';
import type { Source, Thresholds } from './types';

/**
 * Is this passage about the question at all? A passage counts when it shares enough of the question's
 * content words, or when its vector similarity alone is high. This gate is what lets QA say "I don't have
 * enough information" instead of answering from the nearest, unrelated passages.
 */
export function passageRelevance(question: string, text: string): number {
  return terms(question).length ? coverage(question, text) : 0;
}

export function isRelevant(question: string, s: Source, t: Thresholds): boolean {
  return (
    passageRelevance(question, s.chunk.text) >= t.lexical ||
    (s.via.startsWith('vector') && s.score >= t.chunk)
  );
}

/** Strength of a retrieval for the confidence figure: best lexical coverage blended with the best score. */
export function strengthOf(question: string, sources: Source[]): number {
  if (!sources.length) return 0;
  const lex = Math.max(...sources.map((s) => passageRelevance(question, s.chunk.text)));
  const sc = Math.max(...sources.map((s) => Math.max(0, Math.min(1, s.score))));
  return Math.min(1, 0.7 * lex + 0.3 * sc);
}

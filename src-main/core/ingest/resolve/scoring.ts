import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import { normaliseName } from '../ground/names';
import { at } from '../../at';

/** Seed 004 thresholds. */
export const MATCH_THRESHOLD = 0.85;
export const HIGH_CONFIDENCE_THRESHOLD = 0.95;
export const AMBIGUITY_THRESHOLD = 0.8;

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = at(a, i);
    const y = at(b, i);
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export interface ScoreInput {
  name: string;
  type: string;
  vector: ArrayLike<number> | null;
}

export interface CandidateInfo {
  name: string;
  aliases: string[];
  type: string;
  vector: ArrayLike<number> | null;
}

/**
 * 0.4 · name (Jaro–Winkler against the name and every alias; 1.0 for a known abbreviation pair)
 * + 0.4 · cosine of the entity embeddings + 0.2 · type (1.0 same type, 0.3 compatible).
 *
 * A known pair (the document defines "AMP-activated protein kinase (AMPK)", or the candidate already carries
 * this name as an alias) scores at least the match threshold: the text itself says the two are one thing,
 * while the cosine of their descriptions depends on which sentences each happened to be described by — so
 * without the floor whether AMPK and its long form merge would depend on the order documents arrived in.
 * Callers only pass type-compatible candidates.
 */
export function scorePair(a: ScoreInput, b: CandidateInfo, knownPair: boolean): number {
  const n = normaliseName(a.name);
  const names = [b.name, ...b.aliases].map(normaliseName);
  const nameScore = knownPair ? 1 : Math.max(...names.map((x) => jaroWinkler(n, x)));
  const semantic = a.vector && b.vector ? Math.max(0, cosine(a.vector, b.vector)) : 0;
  const typeScore = a.type === b.type ? 1 : 0.3;
  const score = 0.4 * nameScore + 0.4 * semantic + 0.2 * typeScore;
  return knownPair ? Math.max(score, MATCH_THRESHOLD) : score;
}

const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const head = (s: string) =>
  (
    s
      .toLowerCase()
      .split(/[\s-]+/)
      .filter(Boolean)
      .pop() ?? ''
  ).replace(/(?<=[a-z]{3})(e?s)$/, '');
/** A symbol: a digit, or a capital after the first letter ("ECFP", "TipE", "IN71"). */
const isSymbol = (s: string) => /\d/.test(s) || /\p{Lu}/u.test(s.slice(1));

/**
 * Names that similarity must never join, however close they are written: different numbers ("IN71" and
 * "IN56", "TLR2" and "TLR4", "D90A" and "D90G"), different symbols ("ECFP" and "EYFP"), and names whose heads
 * differ — two species of one genus ("Drosophila simulans", "Drosophila sechellia"), or a term and a longer
 * term with another head ("peripheral neuropathy", "peripheral vascular disease"). Only the text can join
 * them (a defined abbreviation, an alias already recorded); spellings of one name ("tumour", "tumor";
 * "IL-6", "IL6"; "heparins", "heparin") remain for the score to decide.
 */
export function namesDiffer(a: string, b: string): boolean {
  const x = alnum(a);
  const y = alnum(b);
  if (x === y) return false;
  if (/\d/.test(x) || /\d/.test(y)) return true;
  if (isSymbol(a.trim()) || isSymbol(b.trim())) return true;
  return head(a) !== head(b);
}

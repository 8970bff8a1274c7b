import biored from './data/biored-terms.json';
import cdr from './data/cdr-terms.json';
import { lexiconEntries } from './lexicon';

export interface TermIndex {
  /** Lower-cased term (single spaces) → type. */
  types: Map<string, string>;
  /** Most words in a term, so a lookup tries no longer phrases. */
  maxWords: number;
  /** Lower-cased terms whose own spelling has capitals ("AMPK", "mTOR"): written in capitals, still them. */
  cased: Set<string>;
}

const indexes = new Map<boolean, TermIndex>();

/**
 * Every known term, looked up by exact lower-cased phrase: the general lexicon (lexicon.ts) and the
 * chemical/disease list learned from BC5CDR (data/cdr-terms.json) and the typed list learned from BioRED
 * (data/biored-terms.json), each with its source and licence. A Map
 * lookup per phrase instead of one regular expression per entry: ~900 entries cost nothing per sentence.
 */
export function termIndex(longevity: boolean): TermIndex {
  let idx = indexes.get(longevity);
  if (idx) return idx;
  const types = new Map<string, string>();
  // BioRED's terms first: the CDR list (tuned to chemicals and diseases) and the general lexicon win over them.
  for (const t of biored.gene) types.set(t, 'gene');
  for (const t of biored.disease) types.set(t, 'disease');
  for (const t of biored.chemical) types.set(t, 'compound/drug');
  for (const t of biored.organism) types.set(t, 'organism');
  for (const t of biored.cellLine) types.set(t, 'cell line');
  for (const t of cdr.chemical) types.set(t, 'compound/drug');
  for (const t of cdr.disease) types.set(t, 'disease');
  // The general lexicon wins where both know a term: it carries the finer types (phenotype, anatomy …).
  const cased = new Set<string>();
  for (const e of lexiconEntries(longevity)) {
    types.set(e.term.toLowerCase(), e.type);
    if (e.term !== e.term.toLowerCase()) cased.add(e.term.toLowerCase());
  }
  let maxWords = 1;
  for (const t of types.keys()) maxWords = Math.max(maxWords, t.split(' ').length);
  idx = { types, maxWords: Math.min(maxWords, 6), cased };
  indexes.set(longevity, idx);
  return idx;
}

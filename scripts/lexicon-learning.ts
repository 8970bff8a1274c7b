/**
 * What the lexicon learners (learn-biored-lexicon.ts, learn-cdr-lexicon.ts) share: counting a term's
 * mentions by class, how often its whole-word occurrences lie inside an annotated mention, and the JSON
 * file they write. Each script keeps its own corpus, held-out rule and term filters.
 */
import fs from 'node:fs';

interface AnnotatedDoc<M> {
  pmid: string;
  text: string;
  mentions: M[];
}
interface Mention {
  start: number;
  end: number;
  text: string;
}

export interface TermStats {
  /** Mentions of the term by class. */
  counts: Map<string, number>;
  /** The abstracts that annotate it. */
  docs: Set<string>;
  /** Some mention of it is written as a short capitalised abbreviation. */
  abbrev: boolean;
}

/**
 * The annotated terms of `docs`, in code-unit order of the term: `term` gives a mention's term (or
 * undefined to skip it) and `classOf` its class.
 */
export function termStats<M extends Mention>(
  docs: AnnotatedDoc<M>[],
  term: (m: M) => string | undefined,
  classOf: (m: M) => string,
): [string, TermStats][] {
  const stats = new Map<string, TermStats>();
  for (const d of docs)
    for (const m of d.mentions) {
      const t = term(m);
      if (t === undefined) continue;
      const s = stats.get(t) ?? { counts: new Map<string, number>(), docs: new Set<string>(), abbrev: false };
      const cls = classOf(m);
      s.counts.set(cls, (s.counts.get(cls) ?? 0) + 1);
      s.docs.add(d.pmid);
      if (/^[A-Z0-9-]{2,6}$/.test(m.text) || (/[A-Z].*[A-Z]/.test(m.text) && m.text.length <= 6))
        s.abbrev = true;
      stats.set(t, s);
    }
  return [...stats.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** Whole-word occurrences of `term`, and how many of them lie inside an annotated mention (of any length). */
function occurrences(doc: AnnotatedDoc<Mention>, term: string): { all: number; inGold: number } {
  const text = doc.text.toLowerCase();
  let all = 0;
  let inGold = 0;
  for (let i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) {
    if (isWordChar(text[i - 1]) || isWordChar(text[i + term.length])) continue;
    all++;
    if (doc.mentions.some((m) => m.start <= i && i + term.length <= m.end)) inGold++;
  }
  return { all, inGold };
}

/**
 * At least 60% of the term's whole-word occurrences in `docs` lie inside an annotated mention: "delirium"
 * inside an annotated "postoperative delirium" still counts as a disease word, not a false alarm.
 */
export function mostlyAnnotated(docs: AnnotatedDoc<Mention>[], term: string): boolean {
  let all = 0;
  let inGold = 0;
  for (const d of docs) {
    const o = occurrences(d, term);
    all += o.all;
    inGold += o.inGold;
  }
  return !(inGold < 0.6 * all);
}

/** Writes a learned lexicon: where it comes from, its licence (both corpora are NCBI's), then its lists. */
export function writeLexicon(file: string, source: string, lists: Record<string, string[]>): void {
  const licence =
    'NCBI public-domain notice ("United States Government Work"): no restriction on use or reproduction';
  fs.writeFileSync(file, JSON.stringify({ source, licence, ...lists }, null, 1) + '\n');
}

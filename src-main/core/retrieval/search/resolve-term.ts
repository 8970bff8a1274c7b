import type { ResolvedTerm } from '../../../contract/graph';
import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import type { GraphReads } from '../graph-reads';
import { definesPair } from '../../nlp/abbreviations';
import type { NameIndex } from './name-index';
import { libraryDefines } from './passages';
import { at } from '../../at';

type MatchedBy = ResolvedTerm['candidates'][number]['matchedBy'];

export interface ResolveOptions {
  limit?: number;
  /** Two candidates closer than this (without an exact match) make the term ambiguous. */
  margin?: number;
  /** Vector matches below this similarity are not candidates. */
  minVector?: number;
}

/** Score ceilings per method: an exact name beats an alias beats lexical beats fuzzy beats vector. */
const CEILING: Record<MatchedBy, number> = {
  exact: 1,
  alias: 0.97,
  abbreviation: 0.96,
  fulltext: 0.9,
  fuzzy: 0.88,
  vector: 0.8,
};

/** Abbreviation partners checked against the text per term (one BM25 query each). */
const MAX_PARTNERS = 4;

/**
 * A short term → the entities it may mean: exact name or alias, full text (the words of the term in names
 * and aliases), fuzzy (Jaro-Winkler) and vector similarity (name + description embeddings). When the best candidates are
 * too close to call, the result says so (`ambiguous`) and lists them with their types: the caller asks the
 * user rather than guessing.
 */
export async function resolveTerm(
  lib: Library,
  tasks: LlmTasks,
  data: GraphReads,
  names: NameIndex,
  term: string,
  opts: ResolveOptions = {},
): Promise<ResolvedTerm> {
  const limit = opts.limit ?? 8;
  const found = new Map<string, { score: number; matchedBy: MatchedBy }>();
  const offer = (id: string, score: number, by: MatchedBy) => {
    const s = Math.min(score, 1) * CEILING[by];
    const prev = found.get(id);
    if (!prev || s > prev.score) found.set(id, { score: s, matchedBy: by });
  };

  // Exact names and aliases from the in-memory index (a scan of every entity in Kùzu otherwise).
  const named = new Set(names.exactName(term));
  for (const id of names.exact(term)) offer(id, 1, named.has(id) ? 'exact' : 'alias');

  // The other form of the term ("ACE" ↔ "angiotensin-converting enzyme"), when a passage defines the pair:
  // letters alone would join "ACE" with any "acute coronary event".
  const partners = names.abbreviationPartners(term).slice(0, MAX_PARTNERS);
  for (const p of partners) {
    const [short, long] = p.text.length < term.trim().length ? [p.text, term] : [term, p.text];
    if (await libraryDefines(lib, short, long, (t) => definesPair(t, short, long)))
      offer(p.id, 1, 'abbreviation');
  }

  const lexical = names.search(term, 10);
  const top = lexical[0]?.score ?? 0;
  for (const h of lexical) offer(h.id, top > 0 ? 0.55 + 0.45 * (h.score / top) : 0.5, 'fulltext');

  for (const f of names.fuzzy(term)) offer(f.id, f.score, 'fuzzy');

  if (lib.vectors.embedding()) {
    const [vec] = await tasks.embed([term]);
    if (vec && vec.length === lib.vectors.embedding()?.dimension) {
      for (const h of await lib.vectors.search('entities', vec, { k: 10 })) {
        if (h.score >= (opts.minVector ?? 0.55)) offer(h.id, h.score, 'vector');
      }
    }
  }

  const ranked = [...found].sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  const summaries = await data.summaries(
    lib,
    ranked.map(([id]) => id),
  );
  const candidates = ranked.flatMap(([id, c]) => {
    const entity = summaries.get(id);
    return entity ? [{ entity, score: round(c.score), matchedBy: c.matchedBy }] : [];
  });
  // Break ties between equal scores in favour of the better-evidenced entity.
  candidates.sort((a, b) => b.score - a.score || b.entity.evidenceCount - a.entity.evidenceCount);
  return { term, candidates, ambiguous: isAmbiguous(candidates, opts.margin ?? 0.05) };
}

function isAmbiguous(c: ResolvedTerm['candidates'], margin: number): boolean {
  if (c.length < 2) return false;
  const exacts = c.filter((x) => x.matchedBy === 'exact');
  if (exacts.length === 1) return false;
  // The same name for two entities (e.g. a gene and its protein typed differently) is the classic case.
  if (exacts.length > 1) return true;
  const aliases = c.filter((x) => x.matchedBy === 'alias');
  if (aliases.length === 1 && at(c, 0).matchedBy === 'alias') return false;
  // Two forms of one name (an abbreviation and its long form) are one meaning, joined by the search.
  const defined = c.filter((x) => x.matchedBy === 'abbreviation');
  if (defined.length === 1 && aliases.length === 0) return false;
  return at(c, 0).score - at(c, 1).score < margin;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

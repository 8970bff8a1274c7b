import type { ResolvedTerm, TermMatch } from '../../../contract/graph';
import { at } from '../../at';

/** Matches that name the entity itself; anything else is only similar and never stands in for the term. */
const NAMED = new Set(['exact', 'alias', 'abbreviation']);

export interface Understood {
  match: TermMatch;
  /** The entity and, joined to it, the other form of an abbreviation the library defines. */
  ids: string[];
}

/** What a resolved term lets the search do: walk from named entities, or only show what is similar. */
export function understand(r: ResolvedTerm): Understood {
  const top = r.candidates[0];
  if (!top) return { match: 'none', ids: [] };
  if (r.ambiguous) return { match: 'ambiguous', ids: [] };
  if (!NAMED.has(top.matchedBy)) return { match: 'closest', ids: [] };
  const joined = r.candidates.filter((c) => c !== top && c.matchedBy === 'abbreviation');
  return { match: 'entity', ids: [top.entity.id, ...joined.map((c) => c.entity.id)] };
}

const RANK: TermMatch[] = ['entity', 'ambiguous', 'closest', 'passages', 'none'];

/** The less usable of two matches (a search between two terms is only as good as its weaker end). */
export function worseMatch(a: TermMatch, b: TermMatch): TermMatch {
  return RANK.indexOf(a) >= RANK.indexOf(b) ? a : b;
}

/** "no entity 'heart failure'; closest: heart 0.77", or what the term was joined with; '' when plain. */
export function describeMatch(r: ResolvedTerm, u: Understood, passages: number): string {
  const q = `'${r.term}'`;
  const found = passages
    ? `; ${passages === 1 ? '1 passage contains' : `${passages} passages contain`} it`
    : '';
  if (u.match === 'entity') {
    const names = r.candidates.filter((c) => u.ids.includes(c.entity.id)).map((c) => c.entity.name);
    return names.length > 1 ? `${q} is ${names.join(' = ')} (an abbreviation the library defines)` : '';
  }
  if (u.match === 'ambiguous') return `${q} could mean ${r.candidates.length} entities; pick one`;
  if (u.match === 'closest') {
    // 'closest' is the top candidate of a term with no exact match.
    const c = at(r.candidates, 0);
    return `no entity ${q}; closest: ${c.entity.name} ${c.score.toFixed(2)}${found}`;
  }
  return passages ? `no entity ${q}${found}` : `nothing in this library matches ${q}`;
}

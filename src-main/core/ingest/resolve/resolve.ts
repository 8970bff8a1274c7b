import { entityIdForKey } from '../../store/graph/ids';
import type { VectorStore } from '../../store/vectors/vector-store';
import { matchKey, typesCompatible } from '../pipeline/names';
import type { EntityIndex, IndexedEntity } from './entity-index';
import { AMBIGUITY_THRESHOLD, MATCH_THRESHOLD, scorePair } from './scoring';

export interface NewEntity {
  key: string;
  name: string;
  type: string;
  vector: number[];
}

export interface MergeCandidate {
  key: string;
  name: string;
  /** The best matches, best first; the first was chosen. */
  matches: { id: string; name: string; score: number }[];
}

export interface Resolution {
  /** key → the existing entity that receives the evidence; absent = the key's own entity (new or exact). */
  attach: Record<string, string>;
  /** Ambiguous decisions (runner-up above 0.80), kept for review. */
  candidates: MergeCandidate[];
  merged: number;
}

const MAX_CANDIDATES = 500;
const NN_K = 10;

/**
 * Entity resolution across the library (seed 004): block by name prefix, phonetic codes, nearest neighbours
 * in the entity vectors and abbreviation ↔ long-form pairs from the text; score 0.4·JW + 0.4·cos + 0.2·type;
 * merge at ≥ 0.85, never across incompatible types. Keys are processed in sorted order so a document
 * resolves the same way whatever order its chunks finished in.
 */
export async function resolveEntities(
  entities: NewEntity[],
  ctx: { index: EntityIndex; vectors: VectorStore; abbreviations: { short: string; long: string }[] },
): Promise<Resolution> {
  const attach: Record<string, string> = {};
  const candidates: MergeCandidate[] = [];
  let merged = 0;
  const partners = new Map<string, string[]>();
  for (const p of ctx.abbreviations) {
    const s = matchKey(p.short);
    const l = matchKey(p.long);
    partners.set(s, [...(partners.get(s) ?? []), p.long]);
    partners.set(l, [...(partners.get(l) ?? []), p.short]);
  }
  const sorted = [...entities].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const e of sorted) {
    const ownId = entityIdForKey(e.key);
    if (ctx.index.get(ownId)) continue;
    const pool = new Map<string, IndexedEntity>();
    for (const c of ctx.index.candidates(e.name)) pool.set(c.id, c);
    // Known pairs: the abbreviation or long form this document defines, and entities already aliased so.
    const abbrev = new Set<string>();
    for (const other of [e.name, ...(partners.get(matchKey(e.name)) ?? [])]) {
      for (const c of ctx.index.byName(other)) {
        pool.set(c.id, c);
        abbrev.add(c.id);
      }
    }
    if (ctx.vectors.embedding()) {
      for (const hit of await ctx.vectors.search('entities', e.vector, { k: NN_K }).catch(() => [])) {
        const c = ctx.index.get(hit.id);
        if (c) pool.set(c.id, c);
      }
    }
    const scored = [...pool.values()]
      .slice(0, MAX_CANDIDATES)
      .filter((c) => typesCompatible(c.type, e.type))
      .map((c) => ({ c, score: scorePair(e, c, abbrev.has(c.id)) }))
      .sort((a, b) => b.score - a.score || (a.c.id < b.c.id ? -1 : 1));
    const best = scored[0];
    if (best && best.score >= MATCH_THRESHOLD) {
      attach[e.key] = best.c.id;
      merged++;
      if ((scored[1]?.score ?? 0) > AMBIGUITY_THRESHOLD) {
        candidates.push({
          key: e.key,
          name: e.name,
          matches: scored.slice(0, 3).map((s) => ({ id: s.c.id, name: s.c.name, score: round(s.score) })),
        });
      }
      continue;
    }
    // New entity: later keys of this document may resolve to it.
    ctx.index.put({
      id: ownId,
      key: e.key,
      name: e.name,
      type: e.type,
      aliases: [],
      vector: Float32Array.from(e.vector),
    });
  }
  return { attach, candidates, merged };
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

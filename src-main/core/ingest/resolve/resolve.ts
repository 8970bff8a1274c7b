import { entityIdForKey } from '../../store/ids';
import type { VectorIndex } from '../../store/vector-index';
import { isUntyped, matchKey, typesCompatible } from '../ground/names';
import type { EntityIndex, IndexedEntity } from './entity-index';
import { AMBIGUITY_THRESHOLD, MATCH_THRESHOLD, namesDiffer, scorePair } from './scoring';
import { atKey } from '../../at';

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

/** An existing entity folded into another before the document's evidence is written. */
export interface Fold {
  from: string;
  into: string;
  /** The canonical key of `into`, which the fold creates when it does not exist yet. */
  intoKey: string;
}

export interface Resolution {
  /** key → the entity that receives the evidence; absent = the key's own entity (new or exact). */
  attach: Record<string, string>;
  /** Ambiguous decisions (runner-up above 0.80), kept for review. */
  candidates: MergeCandidate[];
  merged: number;
  /** Folds of existing entities, in order (absent in resolutions persisted before folds existed). */
  folds?: Fold[];
}

const MAX_CANDIDATES = 500;
const NN_K = 10;

/**
 * Entity resolution across the library (seed 004): block by name prefix, phonetic codes, nearest neighbours
 * in the entity vectors and abbreviation ↔ long-form pairs from the text; score 0.4·JW + 0.4·cos + 0.2·type;
 * merge at ≥ 0.85, never across incompatible types. Keys are processed in sorted order so a document
 * resolves the same way whatever order its chunks finished in.
 *
 * Resolution is incremental, so two rules keep the graph independent of the order documents arrive in (a
 * passage retried after its faults cleared lands after documents that followed it):
 * - a group of keys is named by the smallest id among its keys' own ids: when a key joins an entity whose
 *   id is larger, that entity is folded into the key's own id;
 * - an abbreviation pair the document defines joins its two forms even when both already exist as separate
 *   entities (each met first in documents that did not define it).
 * Merges decided by score alone can still depend on order: a description written by a later document can
 * move a cosine across the threshold.
 */
export async function resolveEntities(
  entities: NewEntity[],
  ctx: { index: EntityIndex; vectors: VectorIndex; abbreviations: { short: string; long: string }[] },
): Promise<Resolution> {
  const { index } = ctx;
  const candidates: MergeCandidate[] = [];
  const folds: Fold[] = [];
  let merged = 0;
  const partners = new Map<string, string[]>();
  for (const p of ctx.abbreviations) {
    const s = matchKey(p.short);
    const l = matchKey(p.long);
    partners.set(s, [...(partners.get(s) ?? []), p.long]);
    partners.set(l, [...(partners.get(l) ?? []), p.short]);
  }
  /** key → entity id receiving its evidence. */
  const target = new Map<string, string>();
  /** Entities this document creates (not in the graph until its commit). */
  const pending = new Set<string>();

  const fold = (from: string, into: IndexedEntity) => {
    if (from === into.id) return;
    for (const [k, t] of target) if (t === from) target.set(k, into.id);
    if (pending.has(from)) {
      // Not written yet: its keys simply attach to `into` instead.
      pending.delete(from);
      if (!index.get(into.id)) pending.add(into.id);
    } else {
      folds.push({ from, into: into.id, intoKey: into.key });
      pending.delete(into.id); // the fold writes it
    }
    index.fold(from, into);
  };

  const sorted = [...entities].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const e of sorted) {
    const ownId = entityIdForKey(e.key);
    const known = index.forKey(e.key);
    if (known) {
      target.set(e.key, known.id);
      continue;
    }
    const pool = new Map<string, IndexedEntity>();
    for (const c of index.candidates(e.name)) pool.set(c.id, c);
    // Known pairs: the abbreviation or long form this document defines, and entities already aliased so.
    const abbrev = new Set<string>();
    for (const other of [e.name, ...(partners.get(matchKey(e.name)) ?? [])]) {
      for (const c of index.byName(other)) {
        pool.set(c.id, c);
        abbrev.add(c.id);
      }
    }
    if (ctx.vectors.embedding()) {
      for (const hit of await ctx.vectors.search('entities', e.vector, { k: NN_K }).catch(() => [])) {
        const c = index.get(hit.id);
        if (c) pool.set(c.id, c);
      }
    }
    const scored = [...pool.values()]
      .slice(0, MAX_CANDIDATES)
      .filter((c) => joinable(c.type, e.type, abbrev.has(c.id)))
      // Similar names that say they differ join only where the text pairs them (a defined abbreviation).
      .filter((c) => abbrev.has(c.id) || [c.name, ...c.aliases].some((n) => !namesDiffer(e.name, n)))
      .map((c) => ({ c, score: scorePair(e, c, abbrev.has(c.id)) }))
      .sort((a, b) => b.score - a.score || (a.c.id < b.c.id ? -1 : 1));
    const best = scored[0];
    if (best && best.score >= MATCH_THRESHOLD) {
      merged++;
      if ((scored[1]?.score ?? 0) > AMBIGUITY_THRESHOLD) {
        candidates.push({
          key: e.key,
          name: e.name,
          matches: scored.slice(0, 3).map((s) => ({ id: s.c.id, name: s.c.name, score: round(s.score) })),
        });
      }
      if (ownId < best.c.id) {
        fold(best.c.id, { ...best.c, id: ownId, key: e.key });
        target.set(e.key, ownId);
      } else target.set(e.key, best.c.id);
      continue;
    }
    // New entity: later keys of this document may resolve to it.
    target.set(e.key, ownId);
    pending.add(ownId);
    index.put({
      id: ownId,
      key: e.key,
      name: e.name,
      type: e.type,
      aliases: [],
      vector: Float32Array.from(e.vector),
    });
  }

  // Pairs this document defines, whose two forms ended in different entities.
  const byMatch = new Map<string, NewEntity[]>();
  for (const e of sorted) byMatch.set(matchKey(e.name), [...(byMatch.get(matchKey(e.name)) ?? []), e]);
  for (const p of ctx.abbreviations) {
    for (const s of byMatch.get(matchKey(p.short)) ?? []) {
      for (const l of byMatch.get(matchKey(p.long)) ?? []) {
        if (!joinable(s.type, l.type, true)) continue;
        // Every entity of the document has its target by now.
        const a = index.get(atKey(target, s.key));
        const b = index.get(atKey(target, l.key));
        if (!a || !b || a.id === b.id || !joinable(a.type, b.type, true)) continue;
        const [into, from] = a.id < b.id ? [a, b] : [b, a];
        fold(from.id, into);
        merged++;
      }
    }
  }

  const attach: Record<string, string> = {};
  for (const [k, t] of target) if (t !== entityIdForKey(k)) attach[k] = t;
  return { attach, candidates, merged, folds };
}

/**
 * Whether two types allow a merge: compatible types, or an untyped side (`concept`) when the text names both
 * the same way — the same normalised name or alias, or a defined abbreviation pair. An entity's type is the
 * majority of its mentions' types, so a mention no rule could type is no evidence of another thing: kept
 * apart by type, the glucokinase paper had two "GCK" entities (gene, 21 mentions; concept, 1).
 */
function joinable(a: string, b: string, namedAlike: boolean): boolean {
  return typesCompatible(a, b) || (namedAlike && (isUntyped(a) || isUntyped(b)));
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

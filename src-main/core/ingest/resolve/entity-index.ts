import doubleMetaphone from 'talisman/phonetics/double-metaphone.js';
import type { GraphStore } from '../../store/graph-store';
import { entityIdForKey } from '../../store/ids';
import type { EntityRecord } from '../../store/types';
import type { VectorIndex } from '../../store/vector-index';
import { matchKey, normaliseName } from '../ground/names';
import { atKey } from '../../at';

export interface IndexedEntity {
  id: string;
  key: string;
  name: string;
  type: string;
  aliases: string[];
  vector: Float32Array | null;
}

/** Blocking keys of seed 004: a normalised-name prefix and double-metaphone codes of name and aliases. */
export function blockingKeys(name: string): string[] {
  const m = matchKey(name);
  const keys = new Set<string>();
  if (m) keys.add(`p:${m.slice(0, 4)}`);
  const words = normaliseName(name)
    .replace(/[^\p{L}\s]/gu, ' ')
    .trim();
  if (words) {
    try {
      for (const code of doubleMetaphone(words.replace(/\s+/g, ''))) if (code) keys.add(`m:${code}`);
    } catch {
      // Non-Latin names have no phonetic code; the prefix and vector keys still block them.
    }
  }
  return [...keys];
}

/**
 * The library's entities in memory for blocking: key → entity ids, with names, aliases and vectors. Kept
 * in step with every commit, so resolution never scans the graph.
 */
export class EntityIndex {
  private readonly byId = new Map<string, IndexedEntity>();
  private readonly blocks = new Map<string, Set<string>>();
  /** Folded entities: their id → the id they were folded into (chains followed on lookup). */
  private readonly foldedInto = new Map<string, string>();

  static async load(graph: GraphStore, vectors: VectorIndex): Promise<EntityIndex> {
    const idx = new EntityIndex();
    const ids = await graph.listIds('entities');
    const vecs = new Map<string, Float32Array>();
    for (const r of await vectors.rows('entities')) vecs.set(r.id, Float32Array.from(r.vector));
    for (const m of await graph.activeMerges()) idx.foldedInto.set(m.mergedId, m.survivorId);
    for (let i = 0; i < ids.length; i += 500) {
      for (const e of await graph.getEntities(ids.slice(i, i + 500))) {
        idx.putRecord(e, vecs.get(e.id) ?? null);
      }
    }
    return idx;
  }

  get(id: string): IndexedEntity | undefined {
    return this.byId.get(id);
  }

  /**
   * The entity a canonical key belongs to: its own entity, or the one it was folded into (following
   * later folds). Ids are derived from keys, so the key's own id is where the chain starts.
   */
  forKey(key: string): IndexedEntity | undefined {
    let id = entityIdForKey(key);
    for (let hop = 0; hop < 16; hop++) {
      const e = this.byId.get(id);
      if (e) return e;
      const next = this.foldedInto.get(id);
      if (!next) return undefined;
      id = next;
    }
    return undefined;
  }

  /** Moves `from` into `into` (which takes `from`'s names as aliases until the commit refreshes it). */
  fold(from: string, into: IndexedEntity): void {
    const prev = this.byId.get(from);
    this.remove(from);
    this.foldedInto.set(from, into.id);
    const names = prev ? [prev.name, ...prev.aliases] : [];
    this.put({
      ...into,
      aliases: [...new Set([...into.aliases, ...names])].filter((a) => a !== into.name),
    });
  }

  get size(): number {
    return this.byId.size;
  }

  put(e: IndexedEntity): void {
    const prev = this.byId.get(e.id);
    if (prev) this.remove(e.id);
    const merged = { ...e, vector: e.vector ?? prev?.vector ?? null };
    this.byId.set(e.id, merged);
    for (const k of this.keysOf(merged)) {
      let s = this.blocks.get(k);
      if (!s) this.blocks.set(k, (s = new Set()));
      s.add(e.id);
    }
  }

  /** An entity as the graph stores it; a null vector keeps the one already indexed. */
  putRecord(e: EntityRecord, vector: ArrayLike<number> | null): void {
    this.put({
      id: e.id,
      key: e.canonicalKey,
      name: e.name,
      type: e.type,
      aliases: e.aliases,
      vector: vector ? Float32Array.from(vector) : null,
    });
  }

  setVector(id: string, vector: ArrayLike<number>): void {
    const e = this.byId.get(id);
    if (e) e.vector = Float32Array.from(vector);
  }

  remove(id: string): void {
    const e = this.byId.get(id);
    if (!e) return;
    for (const k of this.keysOf(e)) this.blocks.get(k)?.delete(id);
    this.byId.delete(id);
  }

  /** Entities sharing a blocking key with `name`, at most `limit` per key (seed: 100). */
  candidates(name: string, limit = 100): IndexedEntity[] {
    const out = new Map<string, IndexedEntity>();
    for (const k of blockingKeys(name)) {
      let n = 0;
      for (const id of this.blocks.get(k) ?? []) {
        if (n++ >= limit) break;
        // Blocks hold only ids of indexed entities.
        out.set(id, atKey(this.byId, id));
      }
    }
    return [...out.values()];
  }

  /** Exact lookup by normalised name or alias (for abbreviation ↔ long-form pairs). */
  byName(name: string): IndexedEntity[] {
    return this.candidates(name).filter((e) =>
      [e.name, ...e.aliases].some((x) => matchKey(x) === matchKey(name)),
    );
  }

  private keysOf(e: IndexedEntity): string[] {
    return [...new Set([e.name, ...e.aliases].flatMap(blockingKeys))];
  }
}

import type { Library } from '../library';

/** A bounded map that forgets the least recently used entry first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(k: K): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: K, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/**
 * Tells caches when the library changed. Writes made through retrieval's own handlers call `bump()`;
 * writes made elsewhere (ingestion, deletes) are noticed by a cheap signature (entity and evidence counts,
 * latest document update, community count), checked at most once per `checkEveryMs`.
 */
export class ChangeTracker {
  private generation = 0;
  private signature = '';
  private checkedAt = -Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly now: () => number,
    private readonly checkEveryMs = 1000,
  ) {}

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  bump(): void {
    this.generation++;
    for (const l of this.listeners) l();
  }

  get current(): number {
    return this.generation;
  }

  async check(lib: Library): Promise<number> {
    const t = this.now();
    if (t - this.checkedAt < this.checkEveryMs) return this.generation;
    this.checkedAt = t;
    const sig = await lib.graph.changeStamp();
    if (sig !== this.signature) {
      const first = this.signature === '';
      this.signature = sig;
      if (!first) this.bump();
    }
    return this.generation;
  }
}

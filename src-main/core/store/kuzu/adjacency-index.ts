import type { KuzuRunner } from './kuzu-db';
import { exportRows } from './export-rows';
import { byPrimaryKey } from './rows';
import { at } from '../../at';

/** Evidence counts between an entity and one neighbour: `out` rows entity → neighbour, `in` the reverse. */
export interface PairCount {
  out: number;
  in: number;
}

/** Counts are packed in one number per map entry (out in the high part): ~700k entries at 1M evidence rows. */
const SHIFT = 2 ** 26;
const pack = (c: PairCount) => c.out * SHIFT + c.in;
const unpack = (v: number): PairCount => ({ out: Math.floor(v / SHIFT), in: v % SHIFT });

/** Above this many changed entities since the last read, reload everything instead of entity by entity. */
const RELOAD_ABOVE = 2000;

/**
 * The entity graph in memory: for every entity, its neighbours with the number of RELATED rows each way,
 * and its type. Graph walks (expansion, paths, neighbours) read it instead of asking Kùzu once per frontier:
 * at 100k entities and 1M evidence rows, one expansion query costs 3-200 ms in Kùzu and microseconds here.
 *
 * Loaded on first use (a whole-graph export, about 1 s at that size). Writes mark the entities whose
 * evidence changed; the next read re-reads just those (or everything, after a large change). Evidence text
 * and keywords are not held: walks that filter on keywords still go to Kùzu.
 */
export class AdjacencyIndex {
  private adj = new Map<string, Map<string, number>>();
  private types = new Map<string, string>();
  private loaded = false;
  private dirty = new Set<string>();
  private reloadAll = false;

  /** Call after a write commits, with every entity whose RELATED rows, type or existence changed. */
  markChanged(ids: Iterable<string>): void {
    if (!this.loaded) return;
    for (const id of ids) this.dirty.add(id);
    if (this.dirty.size > RELOAD_ABOVE) this.reloadAll = true;
  }

  /** After writes that may touch anything (bulk imports, migrations). */
  markAllChanged(): void {
    if (this.loaded) this.reloadAll = true;
  }

  /** Brings the index up to date; call inside a read before walking. */
  async ready(r: Pick<KuzuRunner, 'query'>): Promise<this> {
    if (!this.loaded || this.reloadAll) await this.load(r);
    else if (this.dirty.size) await this.refresh(r, [...this.dirty]);
    this.dirty.clear();
    return this;
  }

  type(id: string): string | undefined {
    return this.types.get(id);
  }

  /** Neighbours of `id` (never itself) with their counts. */
  neighbours(id: string): [string, PairCount][] {
    const m = this.adj.get(id);
    return m ? [...m].map(([to, v]) => [to, unpack(v)]) : [];
  }

  /** Distinct entity pairs with their total evidence, each pair once (for community detection). */
  pairs(): { a: string; b: string; weight: number }[] {
    const out: { a: string; b: string; weight: number }[] = [];
    for (const [a, m] of this.adj)
      for (const [b, v] of m) {
        if (a >= b) continue;
        const c = unpack(v);
        out.push({ a, b, weight: c.out + c.in });
      }
    return out;
  }

  entityIds(): string[] {
    return [...this.types.keys()];
  }

  private async load(r: Pick<KuzuRunner, 'query'>) {
    this.adj.clear();
    this.types.clear();
    // The type is the last column: if it ever held the separator, the rest of the line is still the type.
    for (const row of await exportRows(r, 'MATCH (e:Entity) RETURN e.id, e.type'))
      this.types.set(at(row, 0), row.slice(1).join('|'));
    const rows = await exportRows(
      r,
      'MATCH (a:Entity)-[x:RELATED]->(b:Entity) WHERE a.id <> b.id RETURN a.id, b.id, count(*)',
    );
    for (const row of rows) this.add(at(row, 0), at(row, 1), Number(row[2]));
    this.loaded = true;
    this.reloadAll = false;
  }

  /** Detaches the changed entities, then re-reads their rows in both directions (each row once). */
  private async refresh(r: Pick<KuzuRunner, 'query'>, ids: string[]) {
    const changed = new Set(ids);
    for (const id of ids) {
      for (const other of this.adj.get(id)?.keys() ?? []) this.adj.get(other)?.delete(id);
      this.adj.delete(id);
      this.types.delete(id);
    }
    const types = await byPrimaryKey(r, 'Entity', 'id', ids, 'x.id AS id, x.type AS t');
    for (const x of types) this.types.set(String(x.id), String(x.t ?? ''));
    const out = await r.query(
      `MATCH (a:Entity)-[x:RELATED]->(b:Entity) WHERE a.id IN $ids AND a.id <> b.id
       RETURN a.id AS a, b.id AS b, count(*) AS n`,
      { ids },
    );
    for (const x of out) this.add(String(x.a), String(x.b), Number(x.n));
    const inn = await r.query(
      `MATCH (a:Entity)-[x:RELATED]->(b:Entity) WHERE b.id IN $ids AND a.id <> b.id
       RETURN a.id AS a, b.id AS b, count(*) AS n`,
      { ids },
    );
    for (const x of inn) if (!changed.has(String(x.a))) this.add(String(x.a), String(x.b), Number(x.n));
  }

  private add(a: string, b: string, n: number) {
    this.bump(a, b, { out: n, in: 0 });
    this.bump(b, a, { out: 0, in: n });
  }

  private bump(a: string, b: string, d: PairCount) {
    let m = this.adj.get(a);
    if (!m) this.adj.set(a, (m = new Map()));
    const c = unpack(m.get(b) ?? 0);
    m.set(b, pack({ out: c.out + d.out, in: c.in + d.in }));
  }
}

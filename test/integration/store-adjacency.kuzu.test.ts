import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Library } from '../../src-main/core/library';
import { kuzuQuery } from '../../src-main/core/store/kuzu/raw-query';
import { ingest, open, tempDir } from './helpers/store-fixtures';
import { syntheticDoc } from './helpers/store-synthetic';

const dirs: string[] = [];
const libs: Library[] = [];
afterAll(async () => {
  for (const l of libs) await l.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * Kùzu-specific: the Kùzu store answers walks from an in-memory adjacency index, checked here against its
 * RELATED rows read with Cypher.
 */

/** Every entity's neighbours as the graph store reports them (the in-memory adjacency), canonically. */
async function viaIndex(lib: Library) {
  const ids = (await lib.graph.listIds('entities')).sort();
  const out: Record<string, string[]> = {};
  for (const id of ids)
    out[id] = (await lib.graph.neighbours(id, {}, 1000))
      .map((n) => `${n.entity.id} ${n.direction} ${n.evidence}`)
      .sort();
  return out;
}

/** The same, computed straight from the RELATED rows. */
async function viaRows(lib: Library) {
  const ids = (await lib.graph.listIds('entities')).sort();
  const out: Record<string, string[]> = {};
  for (const id of ids) {
    const count = async (cypher: string) =>
      new Map((await kuzuQuery(lib.graph, cypher, { id })).map((x) => [String(x.b), Number(x.n)] as const));
    const o = await count(
      'MATCH (a:Entity {id: $id})-[:RELATED]->(b:Entity) WHERE b.id <> $id RETURN b.id AS b, count(*) AS n',
    );
    const i = await count(
      'MATCH (a:Entity {id: $id})<-[:RELATED]-(b:Entity) WHERE b.id <> $id RETURN b.id AS b, count(*) AS n',
    );
    out[id] = [...new Set([...o.keys(), ...i.keys()])]
      .map((b) => {
        const [x, y] = [o.get(b) ?? 0, i.get(b) ?? 0];
        return `${b} ${x && y ? 'both' : x ? 'out' : 'in'} ${x + y}`;
      })
      .sort();
  }
  return out;
}

describe('the in-memory adjacency', () => {
  it('stays equal to the RELATED rows through imports, deletes, merges and undos', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = await open(dir);
    libs.push(lib);
    const docs = Array.from({ length: 6 }, (_, i) => syntheticDoc(i, 12));
    for (const d of docs.slice(0, 3)) await ingest(lib, d);
    // Loaded here; every later step changes the graph after it is loaded.
    expect(await viaIndex(lib)).toEqual(await viaRows(lib));
    for (const d of docs.slice(3)) await ingest(lib, d);
    expect(await viaIndex(lib)).toEqual(await viaRows(lib));

    await lib.deleteDocument(docs[1]!.id);
    expect(await viaIndex(lib)).toEqual(await viaRows(lib));

    const [a, b] = (await lib.graph.topEntities(2)).map((x) => x.id);
    const merge = await lib.graph.mergeEntities(a!, b!);
    const merged = await viaIndex(lib);
    expect(merged[b!]).toBeUndefined();
    expect(merged).toEqual(await viaRows(lib));

    await lib.graph.undoMerge(merge.id);
    expect(await viaIndex(lib)).toEqual(await viaRows(lib));
  });
});

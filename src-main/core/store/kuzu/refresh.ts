import type { KuzuRunner } from './kuzu-db';
import { mentionTexts } from './evidence-rows';
import { byPrimaryKey, decodeList, encodeList, fromIds, list } from './rows';

/**
 * Recomputes the derived fields of entities from their MENTIONS rows, and deletes entities left without any
 * mention. Deriving instead of accumulating is what makes "delete a document" exact: the survivors look as
 * if the deleted document had never been imported.
 *
 * - name: the pinned name, else the surface form most often described by its mention, then most frequent
 *   (ties: lexicographically first). A form that only ever appears without a description — an abbreviation
 *   ingestion added because the text defines it — is an alias, not the name.
 * - description: from the most confident mention with a description (ties: smallest chunk id)
 * - aliases: other surface forms plus manual aliases, sorted
 * - confidence: the highest mention confidence; evidenceCount: number of mentions
 */
export async function refreshEntities(
  r: KuzuRunner,
  ids: string[],
): Promise<{ changed: string[]; removed: string[] }> {
  if (!ids.length) return { changed: [], removed: [] };
  const base = await byPrimaryKey(
    r,
    'Entity',
    'id',
    ids,
    `x.id AS id, x.name AS name, x.pinnedName AS pinned, x.extraAliases AS extra, x.description AS d,
     x.aliasText AS at, x.confidence AS c, x.evidenceCount AS n`,
  );
  const edges = await fromIds(
    r,
    ids,
    'MATCH (:Chunk)-[m:MENTIONS]->(e:Entity {id: $id}) RETURN e.id AS id, m.k AS k, m.confidence AS c',
    'MATCH (:Chunk)-[m:MENTIONS]->(e:Entity) WHERE e.id IN $ids RETURN e.id AS id, m.k AS k, m.confidence AS c',
  );
  const texts = await mentionTexts(
    r,
    edges.map((x) => Number(x.k)),
  );
  const bySurface = new Map<string, { s: string; n: number; described: number; mc: number }[]>();
  // Description: the most confident mention that has one; ties go to the smallest mention id (chunk order),
  // so the choice never depends on insertion order.
  const descOf = new Map<string, { c: number; id: string; d: string }>();
  for (const x of edges) {
    const id = String(x.id);
    const t = texts.get(Number(x.k));
    if (!t) continue;
    const c = Number(x.c);
    const s = String(t.surface);
    const arr = bySurface.get(id) ?? [];
    const d = String(t.description ?? '');
    const f = arr.find((y) => y.s === s);
    if (f) {
      f.n++;
      if (d) f.described++;
      f.mc = Math.max(f.mc, c);
    } else arr.push({ s, n: 1, described: d ? 1 : 0, mc: c });
    bySurface.set(id, arr);
    const cur = descOf.get(id);
    const mid = String(t.id);
    if (d && (!cur || c > cur.c || (c === cur.c && mid < cur.id))) descOf.set(id, { c, id: mid, d });
  }

  const removed: string[] = [];
  const changed: string[] = [];
  const updates: Record<string, unknown>[] = [];
  for (const e of base) {
    const id = String(e.id);
    const forms = bySurface.get(id);
    if (!forms?.length) {
      removed.push(id);
      continue;
    }
    forms.sort((a, b) => b.described - a.described || b.n - a.n || (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
    const pinned = String(e.pinned ?? '');
    const name = pinned || forms[0]!.s;
    const aliases = [...new Set([...forms.map((f) => f.s), ...list(e.extra)])]
      .filter((a) => a !== name)
      .sort();
    const row = {
      id,
      name,
      description: descOf.get(id)?.d ?? '',
      aliases,
      aliasText: aliases.join(' ; '),
      confidence: Math.max(...forms.map((f) => f.mc)),
      evidenceCount: forms.reduce((s, f) => s + f.n, 0),
    };
    if (
      row.name !== e.name ||
      row.description !== (e.d ?? '') ||
      row.aliasText !== (e.at ?? '') ||
      row.confidence !== Number(e.c) ||
      row.evidenceCount !== Number(e.n)
    ) {
      updates.push(row);
      // Only text changes require a new entity vector; counts do not.
      if (row.name !== e.name || row.description !== (e.d ?? '') || row.aliasText !== (e.at ?? ''))
        changed.push(id);
    }
  }
  if (updates.length) {
    await r.query(
      `UNWIND $rows AS x MATCH (e:Entity {id: x.id})
       SET e.name = x.name, e.description = x.description, e.aliases = ${decodeList('x.aliases')}, e.aliasText = x.aliasText,
           e.confidence = x.confidence, e.evidenceCount = x.evidenceCount`,
      { rows: updates.map((u) => ({ ...u, aliases: encodeList(u.aliases as string[]) })) },
    );
  }
  if (removed.length) {
    await r.query('UNWIND $ids AS i MATCH (e:Entity {id: i}) DETACH DELETE e', { ids: removed });
  }
  return { changed: changed.sort(), removed: removed.sort() };
}

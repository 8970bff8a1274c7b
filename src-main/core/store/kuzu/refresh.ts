import type { KuzuRunner } from './kuzu-db';
import { mentionTexts, type MentionText } from './evidence-rows';
import { byPrimaryKey, decodeList, encodeList, fromIds, list } from './rows';
import { deriveEntityFields, type MentionForm } from '../entity-fields';

/**
 * Recomputes the derived fields of entities from their MENTIONS rows (rules: deriveEntityFields in
 * store/entity-fields.ts), and deletes entities left without any mention.
 */
export async function refreshEntities(
  r: KuzuRunner,
  ids: string[],
  written?: ReadonlyMap<number, MentionText>,
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
    written,
  );
  const mentionsOf = new Map<string, MentionForm[]>();
  for (const x of edges) {
    const t = texts.get(Number(x.k));
    if (!t) continue;
    const id = String(x.id);
    const arr = mentionsOf.get(id) ?? [];
    arr.push({
      id: String(t.id),
      surface: String(t.surface),
      description: String(t.description ?? ''),
      confidence: Number(x.c),
    });
    mentionsOf.set(id, arr);
  }

  const removed: string[] = [];
  const changed: string[] = [];
  const updates: Record<string, unknown>[] = [];
  for (const e of base) {
    const id = String(e.id);
    const derived = deriveEntityFields(mentionsOf.get(id) ?? [], String(e.pinned ?? ''), list(e.extra));
    if (!derived) {
      removed.push(id);
      continue;
    }
    const row = { id, ...derived, aliasText: derived.aliases.join(' ; ') };
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

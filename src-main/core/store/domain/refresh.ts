import type { DerivedEntityRow, GraphWriter } from '../graph-port';
import { deriveEntityFields, type MentionForm } from './entity-fields';

const aliasText = (e: { aliases: string[] }) => e.aliases.join(' ; ');

/**
 * Recomputes the derived fields of entities from their mentions (deriveEntityFields) and deletes the
 * entities left without one. Returns the entities whose text changed (their vectors need re-embedding) and
 * those removed. Every write that moves or drops mentions ends with this, in its own transaction.
 */
export async function refreshEntities(
  tx: GraphWriter,
  ids: Iterable<string>,
): Promise<{ changed: string[]; removed: string[] }> {
  const unique = [...new Set(ids)];
  if (!unique.length) return { changed: [], removed: [] };
  const base = await tx.entities(unique);
  const links = await tx.mentionLinks(unique);
  const texts = await tx.mentionTexts(links.map((l) => l.k));
  const mentionsOf = new Map<string, MentionForm[]>();
  for (const l of links) {
    const t = texts.get(l.k);
    if (!t) continue;
    const forms = mentionsOf.get(l.entityId) ?? [];
    forms.push({ id: t.id, surface: t.surface, description: t.description, confidence: l.confidence });
    mentionsOf.set(l.entityId, forms);
  }
  const changed: string[] = [];
  const removed: string[] = [];
  const updates: DerivedEntityRow[] = [];
  for (const e of base) {
    const derived = deriveEntityFields(mentionsOf.get(e.id) ?? [], e.pinnedName, e.extraAliases);
    if (!derived) {
      removed.push(e.id);
      continue;
    }
    const text =
      derived.name !== e.name || derived.description !== e.description || aliasText(derived) !== aliasText(e);
    if (text || derived.confidence !== e.confidence || derived.evidenceCount !== e.evidenceCount)
      updates.push({ id: e.id, ...derived });
    // Only text changes need a new entity vector; counts do not.
    if (text) changed.push(e.id);
  }
  if (updates.length) await tx.updateEntities(updates);
  if (removed.length) await tx.deleteEntities(removed);
  return { changed: changed.sort(), removed: removed.sort() };
}

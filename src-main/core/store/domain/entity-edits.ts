import { AriadneError } from '../../../contract/errors';
import type { GraphWriter } from '../graph-port';
import { refreshEntities } from './refresh';

/** A name typed by hand, trimmed; never empty. */
export function pinnableName(name: string): string {
  const pinned = name.trim();
  if (!pinned) throw new AriadneError('invalid_input', 'A name cannot be empty.');
  return pinned;
}

/** Pins the display name: derived names no longer replace it; the old name stays an alias when used. */
export async function renameEntity(tx: GraphWriter, id: string, pinned: string): Promise<void> {
  if (!(await tx.setEntityOverrides(id, { pinnedName: pinned })))
    throw new AriadneError('not_found', `No entity ${id}.`);
  await refreshEntities(tx, [id]);
}

/**
 * Removes an entity with its mentions and every relationship it takes part in; its communities become
 * stale. Documents stay; re-reading one that names the entity brings it back.
 */
export async function deleteEntity(tx: GraphWriter, id: string): Promise<{ neighbourIds: string[] }> {
  if (!(await tx.entities([id])).length) throw new AriadneError('not_found', `No entity ${id}.`);
  await tx.markStale({ entityIds: [id] });
  const neighbours = new Set(await tx.purgeEntity(id));
  neighbours.delete(id);
  return { neighbourIds: [...neighbours].sort() };
}

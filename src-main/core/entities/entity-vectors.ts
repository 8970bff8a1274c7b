import type { Library } from '../library';
import type { EntityRecord } from '../store/types';
import { at } from '../at';

/** The text an entity's vector is embedded from. */
export const entityText = (name: string, description: string) =>
  description ? `${name}: ${description}` : name;

/** Texts to vectors, in order; the caller chooses the model call's priority and cancellation. */
export type EmbedTexts = (texts: string[]) => Promise<number[][]>;

/**
 * Keeps entity vectors current after a graph write: re-embeds the entities whose name or description may
 * have changed (those that still exist) and drops the vectors of entities the write removed. Returns the
 * re-embedded entities with their vectors, for the resolution index.
 */
export async function refreshEntityVectors(
  lib: Pick<Library, 'graph' | 'vectors'>,
  embed: EmbedTexts,
  change: { changed: string[]; removed?: string[] },
): Promise<{ entities: EntityRecord[]; vectors: number[][] }> {
  const removed = new Set(change.removed ?? []);
  const ids = change.changed.filter((id) => !removed.has(id));
  const entities: EntityRecord[] = [];
  for (let i = 0; i < ids.length; i += 500)
    entities.push(...(await lib.graph.getEntities(ids.slice(i, i + 500))));
  const texts = entities.map((e) => entityText(e.name, e.description));
  const vectors = texts.length ? await embed(texts) : [];
  await lib.vectors.upsert(
    'entities',
    entities.map((e, i) => ({ id: e.id, text: at(texts, i), vector: at(vectors, i) })),
  );
  await lib.vectors.deleteIds('entities', [...removed]);
  return { entities, vectors };
}

import { refreshEntityVectors, type EmbedTexts } from '../entities';
import type { Library } from '../library';
import { EMBED_BATCH_SIZE } from '../llm/provider';
import { at } from '../at';

export interface VectorRebuild {
  /** Why every vector was made again (another embedding model), or null when only missing ones were. */
  modelChanged: string | null;
  chunks: number;
  questions: number;
  entities: number;
}

/**
 * Makes the vectors the graph needs and the index lacks: after the index was deleted or damaged (and set
 * aside), after a crash between a graph write and its vectors, or for every row when the embedding model
 * changed (the old vectors are in another space and are dropped). Texts come from the graph, embeddings
 * through the runner, whose cache and kept replies answer what was embedded before without a model call.
 * Communities are left to their maintainer, which summarises and embeds them again when the graph settles.
 */
export async function rebuildVectors(
  library: Pick<Library, 'graph' | 'vectors' | 'reconciled'>,
  embed: EmbedTexts,
  embedModel: string,
): Promise<VectorRebuild> {
  let modelChanged: string | null = null;
  const recorded = library.vectors.embedding();
  if (recorded && recorded.model !== embedModel) {
    modelChanged = `${recorded.model} → ${embedModel}`;
    const probe = await embed(['dimension']);
    await library.vectors.setEmbedding(
      { model: embedModel, dimension: at(probe, 0).length },
      { rebuild: true },
    );
  }
  const missing = (await library.reconciled()).missing;
  // In requests of the provider's batch size; the first vector records the model for an empty index.
  const inBatches = async (texts: string[]) => {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH_SIZE)
      out.push(...(await embed(texts.slice(i, i + EMBED_BATCH_SIZE))));
    if (out[0]) await library.vectors.setEmbedding({ model: embedModel, dimension: out[0].length });
    return out;
  };

  const chunkIds = new Set(missing.chunks);
  const questionIds = new Set(missing.questions);
  // A question's id is its chunk's id, '#q' and its number: its text is read with its chunk's questions.
  const chunksOfQuestions = new Set([...questionIds].map((q) => q.slice(0, q.lastIndexOf('#q'))));
  const chunks = await library.graph.chunksById([...new Set([...chunkIds, ...chunksOfQuestions])]);
  const chunkRows = chunks.filter((c) => chunkIds.has(c.id));
  const chunkVectors = await inBatches(chunkRows.map((c) => c.text));
  await library.vectors.upsert(
    'chunks',
    chunkRows.map((c, i) => ({ id: c.id, docId: c.docId, text: c.text, vector: at(chunkVectors, i) })),
  );

  const questions: { id: string; docId: string; text: string }[] = [];
  for (const c of chunks.filter((x) => chunksOfQuestions.has(x.id)))
    for (const q of await library.graph.questionsForChunk(c.docId, c.index))
      if (questionIds.has(q.id)) questions.push({ ...q, docId: c.docId });
  const questionVectors = await inBatches(questions.map((q) => q.text));
  await library.vectors.upsert(
    'questions',
    questions.map((q, i) => ({ id: q.id, docId: q.docId, text: q.text, vector: at(questionVectors, i) })),
  );

  const { entities } = await refreshEntityVectors(library, inBatches, { changed: missing.entities });
  return { modelChanged, chunks: chunkRows.length, questions: questions.length, entities: entities.length };
}

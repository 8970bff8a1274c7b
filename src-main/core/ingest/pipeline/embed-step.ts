import { at } from '../../at';
import { EMBED_BATCH_SIZE } from '../../llm/provider';
import { chunkId } from '../../store/ids';
import type { ChunkRecord } from '../../store/types';
import { createEmbedWindows, type EmbedWindows } from '../runtime/embed-windows';
import type { ChunkStep, DocumentState } from './step';

const windowsOf = (state: DocumentState) => state.scratch.get('embed') as EmbedWindows | undefined;
/** What a passage's vectors are of: its text, then its atomic questions. */
const textsOf = (state: DocumentState, c: ChunkRecord) => [
  c.text,
  ...(state.readings.get(c.index)?.questions ?? []),
];

/**
 * `embed`: the vectors of a passage and of its atomic questions. Texts queue in passage order and go out in
 * windows of the provider's batch size filled across passages (runtime/embed-windows.ts), the last partial
 * window once every passage is queued; the window's request is journaled whole (one line per request).
 * Queued at the flow's priority for passage vectors: behind every chain call in the one-pass flow (nothing
 * in the document waits for them), ahead of the refinements in a draft (the draft is what the user awaits).
 */
export const embed: ChunkStep<number> = {
  name: 'embed',
  level: 'chunk',
  stage: 'extracting',
  chain: false,
  onFailure: 'skip-passage',
  reads: false,
  model: (ctx) => ctx.models.embedModel,
  prepare(ctx, c, { state, signal, priorities }) {
    let windows = windowsOf(state);
    if (!windows) {
      windows = createEmbedWindows(
        (texts) => ctx.models.embed(texts, signal, priorities.passageVectors),
        EMBED_BATCH_SIZE,
      );
      state.scratch.set('embed', windows);
    }
    // Queued now, in passage order, so windows are cut the same way on every run.
    const first = windows.need(textsOf(state, c));
    first.catch(() => undefined);
    state.scratch.set(`embed:${c.index}`, first);
  },
  async run(ctx, c, { state, attempt, signal, priorities }) {
    const texts = textsOf(state, c);
    const queued = state.scratch.get(`embed:${c.index}`) as Promise<number[][]> | undefined;
    // A retry asks on its own: the window its first attempt rode in has gone.
    const vecs =
      attempt === 1 && queued
        ? await queued
        : await ctx.models.embed(texts, signal, priorities.passageVectors);
    await ctx.ensureEmbedding(at(vecs, 0).length);
    const docId = state.job.docId;
    const cid = chunkId(docId, c.index);
    await ctx.library.vectors.upsert('chunks', [{ id: cid, docId, text: c.text, vector: at(vecs, 0) }]);
    const questions = texts.slice(1);
    if (questions.length)
      await ctx.library.vectors.upsert(
        'questions',
        questions.map((text, i) => ({ id: `${cid}#q${i}`, docId, text, vector: at(vecs, i + 1) })),
      );
    return vecs.length;
  },
  settle: () => undefined,
  scheduled(state) {
    windowsOf(state)?.close();
  },
};

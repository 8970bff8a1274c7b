import type { ChunkRecord } from '../../store/types';
import type { GroundedExtraction } from '../ground/grounding';
import type { PipelineContext } from './context';
import type { DocumentState } from './step';

/**
 * A pass over each passage's reading, whichever step read it (the model's `passage` or `refine`, the
 * built-in `draft`): it adds to what the reading found — entities, relationships with their own cited
 * spans — before the reading is persisted and committed. A pass reads the document's facts, never the
 * document again. It runs where the reading runs, so its output is persisted, resumed and swapped with
 * the reading (a refined passage's evidence replaces its draft's, the pass's included).
 */
export interface ReadingPass {
  name: string;
  run(
    ctx: PipelineContext,
    state: DocumentState,
    c: ChunkRecord,
    reading: GroundedExtraction,
  ): GroundedExtraction | Promise<GroundedExtraction>;
}

/** The registered passes, in the order they run. Adding a pass: its file, and one line here. */
export const PASSES: readonly ReadingPass[] = [];

export async function applyPasses(
  ctx: PipelineContext,
  state: DocumentState,
  c: ChunkRecord,
  reading: GroundedExtraction,
): Promise<GroundedExtraction> {
  let out = reading;
  for (const pass of PASSES) out = await pass.run(ctx, state, c, out);
  return out;
}

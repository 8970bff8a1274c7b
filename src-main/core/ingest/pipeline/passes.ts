import type { ChunkRecord } from '../../store/types';
import type { GroundedExtraction } from '../ground/grounding';
import type { PipelineContext } from './context';
import type { DocumentState, ReadingPass } from './step';
import { tablePass } from './table-pass';

/** The registered passes, in the order they run. Adding a pass: its file, and one line here. */
export const PASSES: readonly ReadingPass[] = [tablePass];

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

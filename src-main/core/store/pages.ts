import type { ChunkRecord } from './types';

/** The page a chunk-relative character offset falls on, using the chunk's page offset map. */
export function pageOfOffset(chunk: Pick<ChunkRecord, 'pageStart' | 'pageOffsets'>, offset: number): number {
  let k = 0;
  for (let i = 0; i < chunk.pageOffsets.length; i++) if (chunk.pageOffsets[i]! <= offset) k = i;
  return chunk.pageStart + k;
}

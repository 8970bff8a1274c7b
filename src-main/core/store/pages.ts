import type { ChunkRecord } from './types';

/** The page a chunk-relative character offset falls on, using the chunk's page offset map. */
export function pageOfOffset(chunk: Pick<ChunkRecord, 'pageStart' | 'pageOffsets'>, offset: number): number {
  let k = 0;
  for (const [i, start] of chunk.pageOffsets.entries()) if (start <= offset) k = i;
  return chunk.pageStart + k;
}

import { createHash } from 'node:crypto';

/** Chunk ids are derived, so re-ingesting a document addresses the same rows and vectors. */
export function chunkId(docId: string, index: number): string {
  return `${docId}:${index}`;
}

/** Entity ids are derived from the canonical key: the same key gives the same id in every library. */
export function entityIdForKey(key: string): string {
  return 'e_' + createHash('sha256').update(key).digest('hex').slice(0, 24);
}

export function mentionId(chunk: string, i: number): string {
  return `${chunk}#m${i}`;
}

export function relationId(chunk: string, i: number): string {
  return `${chunk}#r${i}`;
}

export function chunkTaskId(jobId: string, chunkIndex: number, step: string): string {
  return `${jobId}:${chunkIndex}:${step}`;
}

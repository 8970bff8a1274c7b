import { at } from '../at';

/**
 * The one page mapping of the code. A page offset map lists where each page starts: for a document,
 * `pageOffsets[i]` is where page i+1 starts in its text; for a chunk, offsets are chunk-relative and its first
 * page is `pageStart`. Pages without prose (a scanned plate, a page of references) start where the next page
 * starts, so a character always belongs to the last page that starts at or before it.
 */
export function pageAt(offset: number, pageOffsets: readonly number[]): number {
  let lo = 0;
  let hi = pageOffsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at(pageOffsets, mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** 1-based first and last page of the characters [start, end). */
export function pageSpan(start: number, end: number, pageOffsets: readonly number[]): [number, number] {
  const first = pageAt(start, pageOffsets);
  return [first, Math.max(first, pageAt(Math.max(start, end - 1), pageOffsets))];
}

/** The page of a chunk-relative character offset, from the chunk's first page and page offset map. */
export function pageOfOffset(
  chunk: { pageStart: number; pageOffsets: readonly number[] },
  offset: number,
): number {
  return chunk.pageOffsets.length ? chunk.pageStart + pageAt(offset, chunk.pageOffsets) - 1 : chunk.pageStart;
}

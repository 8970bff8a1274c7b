import type { EvidenceCitation } from './types';

/**
 * The citation fields of any evidence shape, copied (keywords included), so a row of one shape can be
 * built from another without listing them again.
 */
export function citationOf(v: EvidenceCitation): EvidenceCitation {
  return {
    keywords: [...v.keywords],
    description: v.description,
    confidence: v.confidence,
    chunkId: v.chunkId,
    docId: v.docId,
    page: v.page,
    pageEnd: v.pageEnd,
    spanStart: v.spanStart,
    spanEnd: v.spanEnd,
  };
}

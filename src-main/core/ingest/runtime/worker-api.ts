import type { TextBlock } from '../chunk/split-blocks';
import type { Extraction } from '../../llm/schemas';
import type { ParseOutcome } from '../parse/worker-api';
import type { GroundedExtraction } from '../ground/grounding';
import type { FactsPassage } from '../chunk/document-facts';
import type { DocumentFacts } from '../../library/document-facts';

/**
 * The built-in provider's operations the worker runs: the model tasks of ingestion (a passage's one reading,
 * embeddings), whichever pipeline step asks for them (`passage`, `draft` and `refine` all read a passage).
 */
export const BUILTIN_OPS = ['passage', 'embed'] as const;
export type BuiltinOp = (typeof BUILTIN_OPS)[number];

export function isBuiltinOp(op: unknown): op is BuiltinOp {
  return typeof op === 'string' && (BUILTIN_OPS as readonly string[]).includes(op);
}

/** What src-worker/ingest-worker.ts exposes over comlink: CPU work only, plain data in and out. */
export interface IngestWorkerApi {
  /** sha256 hex of the bytes (the document id). */
  hash(bytes: Uint8Array): Promise<string>;
  /** ~1000-token blocks on the separator hierarchy, with page spans. */
  blocks(text: string, pageOffsets: number[], maxTokens: number): Promise<TextBlock[]>;
  /** Grounding (strict for a model's reading), dedupe, casing and keyword tags for one chunk's extraction. */
  ground(extraction: Extraction, chunkText: string, strict?: boolean): Promise<GroundedExtraction>;
  /** A plain-text or Markdown document, parsed as the parse worker would. */
  parseText(text: string, kind: 'txt' | 'md'): Promise<ParseOutcome>;
  /** The abbreviations and non-prose spans of a whole document, from its passages (chunk/document-facts.ts). */
  documentFacts(passages: FactsPassage[]): Promise<Pick<DocumentFacts, 'abbreviations' | 'nonProse'>>;
  /**
   * The built-in provider's rule-based tasks, which are CPU work too. An op that is not a model task is
   * rejected with an `internal` error (a caller out of step with the registry, not a passage to embed).
   */
  builtin(op: BuiltinOp, input: unknown): Promise<unknown>;
}

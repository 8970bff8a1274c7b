import type { TextBlock } from '../chunk/split-blocks';
import type { Extraction } from '../../llm/schemas';
import type { ParseOutcome } from '../parse/worker-api';
import type { GroundedExtraction } from '../pipeline/postprocess';
import type { ModelStep } from '../pipeline/steps';

/** The built-in provider's operations the worker runs: the pipeline steps that call a model. */
export type BuiltinOp = ModelStep;

/** What src-worker/ingest-worker.ts exposes over comlink: CPU work only, plain data in and out. */
export interface IngestWorkerApi {
  /** sha256 hex of the bytes (the document id). */
  hash(bytes: Uint8Array): Promise<string>;
  /** ~1000-token blocks on the separator hierarchy, with page spans. */
  blocks(text: string, pageOffsets: number[], maxTokens: number): Promise<TextBlock[]>;
  /** Grounding, dedupe, casing and keyword tags for one chunk's extraction. */
  ground(extraction: Extraction, chunkText: string): Promise<GroundedExtraction>;
  /** A plain-text or Markdown document, parsed as the parse worker would. */
  parseText(text: string, kind: 'txt' | 'md'): Promise<ParseOutcome>;
  /** Abbreviation ↔ long-form pairs written in a text. */
  abbreviations(text: string): Promise<{ short: string; long: string }[]>;
  /**
   * The built-in provider's rule-based tasks, which are CPU work too. An op that is not a model step is
   * rejected with an `internal` error (a caller out of step with the registry, not a passage to embed).
   */
  builtin(op: BuiltinOp, input: unknown): Promise<unknown>;
}

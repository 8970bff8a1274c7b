import type { ProviderName } from '../../contract';
import type { Clock, Logger } from '../deps';
import type { CommunityReport, Extraction, PassageReading } from './schemas';

/** What the document itself says is not an entity: its authors, affiliations, journal and publisher. */
export interface DocumentMeta {
  authors?: readonly string[];
  affiliations?: readonly string[];
  journal?: string;
  publisher?: string;
}

export interface TaskOptions {
  signal?: AbortSignal;
  /** Place in the model-call queue: lower goes first (see CallPriority). */
  priority?: number;
  /** 1 for a first call; a caller that retries a whole step passes its attempt so the seed varies. */
  attempt?: number;
}

export interface AnswerSource {
  /** The citation number the answer uses, e.g. [2]. */
  n: number;
  text: string;
  title?: string;
  page?: number | null;
}

export interface CommunityInput {
  entities: { name: string; type: string; description: string }[];
  relationships: { source: string; target: string; description: string; keywords?: string[] }[];
}

/**
 * What ingestion and QA ask of a language model. They call these and never see prompts, schemas or which
 * provider runs underneath: `ollama` answers with a model, `builtin` with deterministic rules.
 */
export interface LlmTasks {
  readonly provider: ProviderName;
  readonly chatModel: string | null;
  readonly embedModel: string;
  /** Forward-summary chain (seed 000): summarise a block given the previous block's summary. */
  summarize(input: { text: string; previousSummary?: string }, opts?: TaskOptions): Promise<string>;
  /** Entities and relationships, validated against the schema contract and grounded in `text`. */
  extract(
    input: {
      text: string;
      previousSummary?: string;
      entityTypes?: readonly string[];
      /** Names the document itself carries (authors, journal): never entities. */
      meta?: DocumentMeta;
    },
    opts?: TaskOptions,
  ): Promise<Extraction>;
  /**
   * One structured reading of a passage: its forward summary (given the previous passage's), entities and
   * relationships, and atomic questions. One model call; the built-in provider composes its rules.
   */
  readPassage(
    input: { text: string; previousSummary?: string; entityTypes?: readonly string[]; meta?: DocumentMeta },
    opts?: TaskOptions,
  ): Promise<PassageReading>;
  /** 5–10 atomic questions the text answers directly. */
  atomicQuestions(input: { text: string }, opts?: TaskOptions): Promise<string[]>;
  /** Up to 3 sub-questions still to answer; empty when the context already suffices. */
  decompose(input: { question: string; context: string[] }, opts?: TaskOptions): Promise<string[]>;
  /** Answer tokens citing sources as [n]; stops promptly when `signal` aborts. */
  answer(input: { question: string; sources: AnswerSource[] }, opts?: TaskOptions): AsyncIterable<string>;
  summarizeCommunity(input: CommunityInput, opts?: TaskOptions): Promise<CommunityReport>;
  embed(texts: string[], opts?: TaskOptions): Promise<number[][]>;
  /** Vector dimension of `embedModel` (probed once for Ollama models). */
  dimension(): Promise<number>;
}

export interface TasksOptions {
  /** Default entity types when a call does not pass its own. */
  entityTypes?: readonly string[];
  /**
   * Attempts per task call for retryable failures (schema-invalid, 5xx, timeouts), and their backoff.
   * Default MODEL_CALL_RETRY; ingestion passes one attempt (its steps retry: llm/retry.ts).
   */
  attempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  clock?: Clock;
  log?: Logger;
  random?: () => number;
}

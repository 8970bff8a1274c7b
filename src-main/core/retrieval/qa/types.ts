import type { QaStreamItem, TraceStep } from '../../../contract/qa';
import type { Library } from '../../library';
import type { LlmTasks } from '../../llm/task-types';
import type { ChunkInfo, GraphReads } from '../graph-reads';
import type { NameIndex } from '../search/name-index';
import type { AskCache } from './ask-cache';

/** Relevance gates. Hashed n-gram vectors (builtin) and model embeddings live on different similarity scales. */
export interface Thresholds {
  /** Atomic-question match accepted by the agentic loop. */
  question: number;
  /** Chunk vector similarity that counts as relevant on its own. */
  chunk: number;
  /** Share of the question's content words a passage must contain to count as relevant lexically. */
  lexical: number;
  /** Entity vector similarity for query-entity detection (local search). */
  entity: number;
}

export function thresholdsFor(provider: string): Thresholds {
  return provider === 'builtin'
    ? { question: 0.45, chunk: 0.5, lexical: 0.34, entity: 0.55 }
    : { question: 0.62, chunk: 0.6, lexical: 0.34, entity: 0.65 };
}

export interface QaContext {
  lib: Library;
  tasks: LlmTasks;
  data: GraphReads;
  names: NameIndex;
  now: () => number;
  signal: AbortSignal;
  thresholds: Thresholds;
  /** Token budget for the context handed to the reasoner. */
  maxContextTokens: number;
  emit: (item: QaStreamItem) => void;
  trace: (step: string, detail: string, ms?: number) => void;
  /** A step of the trace in plain words, for the reader (see TraceStep.plain). */
  say: (step: string, text: string) => void;
  /** What this ask has fetched (the question's vector, chunk searches), so nothing is fetched twice. */
  cache: AskCache;
  /** Communities: make sure summaries exist (global search). */
  communities?: { ensure(): Promise<void> };
}

/** A retrieved passage the answer may cite. */
export interface Source {
  chunk: ChunkInfo;
  score: number;
  /** Why it is here, for the trace ("vector", "question: …", "evidence: A → B", "neighbour"). */
  via: string;
}

export interface Retrieval {
  sources: Source[];
  /** 0..1: how strongly retrieval believes the context is relevant (feeds the answer's confidence). */
  strength: number;
  /** False when nothing relevant was found: the answer says so instead of guessing. */
  relevant: boolean;
}

export type { TraceStep };

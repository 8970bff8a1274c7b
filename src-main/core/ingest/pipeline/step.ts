import type { IngestStage } from '../../../contract/library';
import type { DocumentFacts } from '../../library/document-facts';
import type { ChunkRecord } from '../../store/types';
import type { GroundedExtraction } from '../ground/grounding';
import type { Resolution } from '../resolve/resolve';
import type { Job } from '../queue/types';
import type { PipelineContext } from './context';

/** A passage's reading, as every reading step persists it: grounded, without the raw model reply. */
export interface Reading {
  summary: string;
  grounded: GroundedExtraction;
  /** Atomic questions (none in a built-in draft). */
  questions: string[];
}

/**
 * What the steps of one job share while its flow runs, in memory: the passages, the document's facts (read
 * once when the job opens the document) and what the steps produced so far. A resumed job rebuilds it from
 * the persisted outputs of its steps, which the driver hands to `settle` as if they had just run.
 */
export interface DocumentState {
  job: Job;
  chunks: ChunkRecord[];
  facts: DocumentFacts;
  /** The reading of each passage read so far, by chunk index. */
  readings: Map<number, Reading>;
  /** The model the readings come from (`builtin` for a draft): part of the document steps' keys. */
  readBy: string;
  /** Resolution's output, for the commit. */
  resolution?: Resolution;
  /** Per-step scratch (an embedding window, …), made by `begin` and dropped when the steps end. */
  scratch: Map<string, unknown>;
}

/** The model calls of one job go at these priorities (CallPriority): a flow's draft goes before the rest. */
export interface FlowPriorities {
  /** Passage (and question) vectors. */
  passageVectors: number;
  /** The entity vectors resolution and the commit wait for. */
  document: number;
}

/** What a step's `run` is given besides the context. */
export interface StepRun {
  state: DocumentState;
  signal: AbortSignal;
  priorities: FlowPriorities;
  /** 1 on the first attempt, then 2, 3, …: a model step varies its sampling seed with it. */
  attempt: number;
}

interface StepBase {
  /** Persisted with the step's tasks (`ChunkState.step`): never rename a step that libraries have run. */
  name: string;
  /** What the progress bar says while the step runs. */
  stage: IngestStage;
  /**
   * Set on the first step of a phase of a progressive document (`JobPayload.progressive.phase`): when the
   * flow reaches it the job enters that phase, and a job resumed in that phase starts its flow there.
   */
  phase?: 'refine';
}

/**
 * A step run once per passage. `chain` steps read the passages in order, each taking the previous one's
 * summary (seed 000's forward chain); a passage that runs out of retries stops the chain. Other passage
 * steps start for a passage as soon as the step before them in the flow is done with it.
 */
export interface ChunkStep<Out = unknown> extends StepBase {
  level: 'chunk';
  chain: boolean;
  /** When a passage runs out of retries: the flow goes on without it, or stops after this step. */
  onFailure: 'skip-passage' | 'stop-flow';
  /** Whether this step reads the passages (its output is the passage's `Reading`). */
  reads: boolean;
  /** What the output is recorded under: a persisted output for another model is run again. */
  model(ctx: PipelineContext): string;
  /** Called in passage order before the passage's run is scheduled (for work that must queue in order). */
  prepare?(ctx: PipelineContext, c: ChunkRecord, run: Omit<StepRun, 'attempt'>): void;
  /**
   * The step's work for one passage. `carry(summary)` hands the chain its value as soon as it is known,
   * before the step's slower remainder (grounding, writes) is done.
   */
  run(
    ctx: PipelineContext,
    c: ChunkRecord,
    run: StepRun & { previous: string; carry(v: string): void },
  ): Promise<Out>;
  /** Puts an output (fresh or persisted) into the state; returns the chain's value for the next passage. */
  settle(state: DocumentState, c: ChunkRecord, out: Out): string | undefined;
  /**
   * A chain step's model call for one passage, made ahead of the step from the job's start (read-ahead.ts)
   * when document steps come before it in the flow; the step's first attempt takes the reply (`takeAhead`).
   */
  ahead?: AskAhead;
  /** Called once every passage has been scheduled for this step (to send what waits in a batch). */
  scheduled?(state: DocumentState): void;
}

/** A step run once per document, after the passage steps before it in the flow. */
export interface DocumentStep<Out = unknown> extends StepBase {
  level: 'document';
  /** Runs under the commit turn (consecutive `turn` steps hold one turn): resolution and the commit. */
  turn: boolean;
  model(ctx: PipelineContext, state: DocumentState, passages: ChunkRecord[]): string;
  /**
   * Work done before the commit turn is taken (model calls whose replies `run` then finds in the cache),
   * so the library-wide turn holds only what must be serial. A failure here is left for `run` to meet.
   */
  beforeTurn?(ctx: PipelineContext, passages: ChunkRecord[], run: StepRun): Promise<void>;
  run(ctx: PipelineContext, passages: ChunkRecord[], run: StepRun): Promise<Out>;
  settle(state: DocumentState, out: Out): void;
}

export type Step = ChunkStep | DocumentStep;

/** The document's own names, which the built-in engine keeps out of the entities; undefined when none. */
export function documentMeta(facts: DocumentFacts): { authors: string[] } | undefined {
  return facts.authors.length ? { authors: facts.authors } : undefined;
}

/**
 * A pass over each passage's reading, whichever step read it (the model's `passage` or `refine`, the
 * built-in `draft`): it adds to what the reading found — entities, relationships with their own cited
 * spans — before the reading is persisted and committed. A pass reads the document's facts, never the
 * document again. It runs where the reading runs, so its output is persisted, resumed and swapped with
 * the reading (a refined passage's evidence replaces its draft's, the pass's included).
 */
export interface ReadingPass {
  name: string;
  run(
    ctx: PipelineContext,
    state: DocumentState,
    c: ChunkRecord,
    reading: GroundedExtraction,
  ): GroundedExtraction | Promise<GroundedExtraction>;
}

/** A chain step's first model call for a passage, made before the flow reaches the step. */
export type AskAhead = (
  ctx: PipelineContext,
  state: DocumentState,
  c: ChunkRecord,
  o: { previous: string; signal: AbortSignal },
) => Promise<{ summary: string }>;

import type { IngestStage } from '../../../contract/library';

/**
 * The steps of one document's job, in pipeline order: the one list the queue's step type, the progress
 * counts, the step runner's journal keys and the ingest worker's dispatch are derived from. Adding a step
 * means adding it here; every place that has to know about it then fails to typecheck until it does.
 *
 * - `level`: `chunk` steps run once per passage, `document` steps once per document (chunk index DOC_LEVEL).
 * - `model`: which model the step calls (`chat`, `embed`) or null when it only computes and writes. A step
 *   that calls a model is the one kind the built-in provider runs in the worker pool (rules are CPU work).
 * - `journaled`: its model replies go to the call journal as they arrive (call-journal.ts), so a crash
 *   between the reply and the persisted step output does not pay for the call again.
 * - `stage`: what the progress bar says while the step runs.
 * - `reading`: a passage counts as read in the library view once this step is done (embeddings are batched
 *   with later passages', so waiting for them made the count jump at the end of a document).
 */
export const PIPELINE_STEPS = {
  passage: { level: 'chunk', model: 'chat', journaled: true, stage: 'extracting', reading: true },
  embed: { level: 'chunk', model: 'embed', journaled: true, stage: 'extracting', reading: false },
  resolve: { level: 'document', model: null, journaled: false, stage: 'resolving', reading: false },
  commit: { level: 'document', model: null, journaled: false, stage: 'resolving', reading: false },
  // Progressive ingestion (pipeline/progressive.ts), with a model configured: `draft` reads every passage
  // with the built-in rules (no model call) and the document commits through `embed`, `resolve` and
  // `commit` as above; then `refine` reads each passage with the model and swaps that passage's evidence.
  draft: { level: 'chunk', model: null, journaled: false, stage: 'extracting', reading: true },
  refine: { level: 'chunk', model: 'chat', journaled: true, stage: 'refining', reading: false },
} as const satisfies Record<string, StepSpec>;

export interface StepSpec {
  level: 'chunk' | 'document';
  model: 'chat' | 'embed' | null;
  journaled: boolean;
  stage: IngestStage;
  reading: boolean;
}

type Steps = typeof PIPELINE_STEPS;

/** A step as the queue persists it (`ChunkState.step`). */
export type PipelineStep = keyof Steps;

/** The steps that call a model: the operations the ingest worker runs for the built-in provider. */
export type ModelStep = { [K in PipelineStep]: Steps[K]['model'] extends null ? never : K }[PipelineStep];

export const STEP_NAMES = Object.keys(PIPELINE_STEPS) as PipelineStep[];

/** Per-passage steps, in order. */
export const CHUNK_STEPS = STEP_NAMES.filter((s) => PIPELINE_STEPS[s].level === 'chunk');

/** Once-per-document steps, in order. */
export const DOCUMENT_STEPS = STEP_NAMES.filter((s) => PIPELINE_STEPS[s].level === 'document');

export const MODEL_STEPS = STEP_NAMES.filter((s): s is ModelStep => PIPELINE_STEPS[s].model !== null);

export function isModelStep(name: unknown): name is ModelStep {
  return typeof name === 'string' && (MODEL_STEPS as readonly string[]).includes(name);
}

/** The steps that mark a passage as read (see `reading`): `passage`, or `draft` in a progressive job. */
export const READING_STEPS: readonly PipelineStep[] = STEP_NAMES.filter((n) => PIPELINE_STEPS[n].reading);
if (!READING_STEPS.length) throw new Error('PIPELINE_STEPS names no reading step');

/** The per-passage steps a job runs: progressive jobs draft, embed and refine; the others read and embed. */
export function chunkStepsOf(progressive: boolean): readonly PipelineStep[] {
  return progressive ? ['draft', 'embed', 'refine'] : ['passage', 'embed'];
}

import { CallPriority } from '../../llm/provider';
import type { Job } from '../queue/types';
import type { JobPlan } from '../runtime/progress';
import type { PipelineContext } from './context';
import type { FlowPriorities, Step } from './step';
import { STEPS, type StepName } from './steps';

export interface Flow {
  name: FlowName;
  steps: readonly StepName[];
  priorities: FlowPriorities;
  /** The step a passage counts as done at in the library view. */
  counted: StepName;
}

/**
 * The flows, as lists of steps (GraphRAG's `index/workflows` declares its pipelines the same way):
 *
 * - `one-pass`: the model reads each passage once (`passage`, along the forward-summary chain), passages and
 *   questions are embedded, the document resolves and commits.
 * - `draft-refine` (progressive ingestion, with a model configured): the built-in rules read every passage
 *   (`draft`) and the document commits as above within seconds; then the model refines it passage by
 *   passage (`refine`), each swapping its evidence in.
 */
export const FLOWS = {
  'one-pass': {
    name: 'one-pass',
    steps: ['passage', 'embed', 'resolve', 'commit'],
    priorities: { passageVectors: CallPriority.background, document: CallPriority.document },
    counted: 'passage',
  },
  'draft-refine': {
    name: 'draft-refine',
    steps: ['draft', 'embed', 'resolve', 'commit', 'refine'],
    // The draft is what the user waits for after dropping a file: its calls go before any refinement.
    priorities: { passageVectors: CallPriority.interactive, document: CallPriority.interactive },
    counted: 'refine',
  },
} as const satisfies Record<string, Omit<Flow, 'name'> & { name: string }>;

export type FlowName = keyof typeof FLOWS;

/**
 * The flow a job runs, decided once when it first runs and kept in its payload (`progressive`), so a changed
 * setting never switches a document between flows halfway. A job that already ran steps of the one-pass
 * flow (resumed after an upgrade, a retry) stays in it.
 */
export function flowOf(ctx: PipelineContext, job: Job): Flow {
  const p = job.payload;
  if (p.progressive) return FLOWS['draft-refine'];
  const started = [...job.tasks.values()].some((t) => t.step === 'passage');
  if (!ctx.opts.progressive || started) return FLOWS['one-pass'];
  p.progressive = { model: ctx.models.chatModel, phase: 'draft' };
  return FLOWS['draft-refine'];
}

/** The flow a job has taken (or will take: a job not started yet counts as one-pass until it starts). */
export function flowOfJob(job: Job): Flow {
  return job.payload.progressive ? FLOWS['draft-refine'] : FLOWS['one-pass'];
}

export const stepsOf = (flow: Flow): Step[] => flow.steps.map((n) => STEPS[n]);

/** What the progress counts follow for a job (runtime/progress.ts). */
export function planOf(job: Job): JobPlan {
  const steps = stepsOf(flowOfJob(job));
  return {
    chunkSteps: steps.filter((s) => s.level === 'chunk').map((s) => s.name),
    documentSteps: steps.filter((s) => s.level === 'document').length,
    countedStep: flowOfJob(job).counted,
  };
}

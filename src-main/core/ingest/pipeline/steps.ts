import { commit } from './commit-step';
import { draft } from './draft-step';
import { embed } from './embed-step';
import { passage } from './passage-step';
import { refine } from './refine-step';
import { resolve } from './resolve-step';
import type { Step } from './step';

/**
 * The registry: every step a flow can list (flows.ts), by the name its tasks are persisted under. Each step
 * carries its own `run` (and what it needs from the driver: level, chain, stage, model); the driver
 * (run-flow.ts) runs any list of them with the journal, retries, progress and the watchdog.
 */
export const STEPS = { passage, embed, resolve, commit, draft, refine } satisfies Record<string, Step>;

export type StepName = keyof typeof STEPS;

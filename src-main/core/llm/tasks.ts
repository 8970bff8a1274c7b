import { createBuiltinTasks } from './builtin/builtin-tasks';
import { createModelTasks } from './model-tasks';
import type { LlmProvider } from './provider';
import type { CommunityReport, Extraction, PassageReading } from './schemas';
import type { LlmTasks, TasksOptions } from './task-types';

/** Picks the implementation: rules for the built-in provider, prompts + schemas for a real model. */
export function createTasks(provider: LlmProvider, opts: TasksOptions = {}): LlmTasks {
  return provider.name === 'builtin' ? createBuiltinTasks(provider, opts) : createModelTasks(provider, opts);
}

export type { Extraction, CommunityReport, PassageReading };

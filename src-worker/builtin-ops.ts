import { AriadneError } from '../src-main/contract/errors';
import { isModelStep, type ModelStep } from '../src-main/core/ingest/pipeline/steps';
import type { DocumentMeta } from '../src-main/core/llm/builtin/junk-gate';
import type { LlmTasks } from '../src-main/core/llm/tasks';

interface BuiltinInput {
  text: string;
  previousSummary?: string;
  texts: string[];
  entityTypes?: readonly string[];
  meta?: DocumentMeta;
}

/**
 * The ingest worker's dispatch for the built-in provider: one handler per model step of the pipeline
 * registry (the `Record` makes a new model step a type error here until it has one). Anything else is
 * refused: sending an unknown op to `embed` turned a caller's mistake into vectors of the wrong text.
 */
export function builtinOps(tasks: LlmTasks): (op: unknown, input: unknown) => Promise<unknown> {
  const ops: Record<ModelStep, (i: BuiltinInput) => Promise<unknown>> = {
    passage: (i) => tasks.readPassage(i),
    // Progressive refinement is for a configured model; the rules would only read the passage again.
    refine: (i) => tasks.readPassage(i),
    embed: (i) => tasks.embed(i.texts),
  };
  return async (op, input) => {
    if (!isModelStep(op)) throw new AriadneError('internal', `Unknown ingest worker task: ${String(op)}.`);
    return ops[op](input as BuiltinInput);
  };
}

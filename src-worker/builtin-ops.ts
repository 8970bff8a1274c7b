import { AriadneError } from '../src-main/contract/errors';
import { type BuiltinOp, isBuiltinOp } from '../src-main/core/ingest/runtime/worker-api';
import type { DocumentMeta } from '../src-main/core/llm/task-types';
import type { LlmTasks } from '../src-main/core/llm/task-types';

interface BuiltinInput {
  text: string;
  previousSummary?: string;
  texts: string[];
  entityTypes?: readonly string[];
  meta?: DocumentMeta;
}

/**
 * The ingest worker's dispatch for the built-in provider: one handler per model task of ingestion
 * (`BUILTIN_OPS`; the `Record` makes a new one a type error here until it has one). Anything else is
 * refused: sending an unknown op to `embed` turned a caller's mistake into vectors of the wrong text.
 */
export function builtinOps(tasks: LlmTasks): (op: unknown, input: unknown) => Promise<unknown> {
  const ops: Record<BuiltinOp, (i: BuiltinInput) => Promise<unknown>> = {
    passage: (i) => tasks.readPassage(i),
    embed: (i) => tasks.embed(i.texts),
  };
  return async (op, input) => {
    if (!isBuiltinOp(op)) throw new AriadneError('internal', `Unknown ingest worker task: ${String(op)}.`);
    return ops[op](input as BuiltinInput);
  };
}

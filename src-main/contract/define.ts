import { z } from 'zod';

/**
 * A method of the API. `stream` is set for methods that push items while they run (QA tokens, ingest
 * progress, pull progress); the call still resolves with one final `output`.
 */
export interface MethodSpec<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  S extends z.ZodType = z.ZodType,
> {
  input: I;
  output: O;
  stream?: S;
  /** One line for `--help`, the REST index and the docs. */
  summary: string;
}

export function method<I extends z.ZodType, O extends z.ZodType, S extends z.ZodType = z.ZodNever>(spec: {
  input: I;
  output: O;
  stream?: S;
  summary: string;
}): MethodSpec<I, O, S> {
  return spec;
}

export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

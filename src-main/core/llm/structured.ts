import { z } from 'zod';
import { AriadneError } from '../../contract';
import { repairJson } from './json-repair';

const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * The JSON schema of a zod schema, as servers take it (Ollama's `format`, OpenAI's
 * `response_format.json_schema.schema`), without `$schema`, which their grammar converters do not need.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let s = schemaCache.get(schema);
  if (!s) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    s = rest;
    schemaCache.set(schema, s);
  }
  return s;
}

/** Why a reply was not usable, for the one stricter retry (`model-tasks.ts`) and the logs. */
export type UnusableReason = 'empty' | 'echo';

/** A reply with nothing in it, or one that repeats the prompt's example instead of reading the passage. */
export function unusable(reason: UnusableReason, detail: string): AriadneError {
  return new AriadneError('schema_invalid', `The model output was unusable: ${detail}`, {
    retryable: true,
    action: { kind: 'retry', reason },
  });
}

export function unusableReason(e: unknown): UnusableReason | null {
  const reason = e instanceof AriadneError ? (e.action as { reason?: unknown } | undefined)?.reason : null;
  return reason === 'empty' || reason === 'echo' ? reason : null;
}

/** Repairs, parses and validates a structured reply; every failure is a retryable schema_invalid. */
export function validateStructured<T>(raw: string, schema: z.ZodType<T>, doneReason: string | undefined): T {
  if (doneReason === 'length') {
    throw new AriadneError('schema_invalid', 'The model output was truncated (reply token limit reached).', {
      retryable: true,
      action: { kind: 'retry', reason: 'truncated' },
    });
  }
  const text = raw.trim();
  // Small models under a grammar sometimes close at once: "", "{}" or "[]" say nothing about the passage.
  if (!text || text === '{}' || text === '[]')
    throw unusable('empty', `an empty reply (${text || 'no text'})`);
  const parsed = schema.safeParse(repairJson(text));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new AriadneError(
    'schema_invalid',
    `The model output does not match the schema: ${issues.join('; ')}`,
    {
      retryable: true,
    },
  );
}

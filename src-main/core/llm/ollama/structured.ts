import { z } from 'zod';
import { AriadneError } from '../../../contract';
import { repairJson } from '../json-repair';

const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

/** JSON schema for Ollama's `format`, without `$schema`, which the grammar converter does not need. */
export function formatFor(schema: z.ZodType): Record<string, unknown> {
  let s = schemaCache.get(schema);
  if (!s) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    s = rest;
    schemaCache.set(schema, s);
  }
  return s;
}

/** Repairs, parses and validates a structured reply; every failure is a retryable schema_invalid. */
export function validateStructured<T>(raw: string, schema: z.ZodType<T>, doneReason: string | undefined): T {
  if (doneReason === 'length') {
    throw new AriadneError('schema_invalid', 'The model output was truncated (reply token limit reached).', {
      retryable: true,
      action: { kind: 'retry', reason: 'truncated' },
    });
  }
  const parsed = schema.safeParse(repairJson(raw));
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

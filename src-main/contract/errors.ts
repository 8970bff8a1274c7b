import { z } from 'zod';

/**
 * Every error that crosses a boundary (RPC, CLI, REST) carries one of these codes, so the UI can offer the
 * right action ("start Ollama", "pull the model", "retry") instead of showing a stack trace.
 */
export const ErrorCode = z.enum([
  'invalid_input',
  'unknown_method',
  'unauthorized',
  'not_found',
  'conflict',
  'capacity',
  'library_locked',
  'dimension_mismatch',
  'ollama_unreachable',
  'model_missing',
  'context_overflow',
  'schema_invalid',
  'upstream',
  'timeout',
  'cancelled',
  'parse_failed',
  'disk_full',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const RpcErrorSchema = z.object({
  code: ErrorCode,
  message: z.string(),
  retryable: z.boolean().optional(),
  /** A suggested user action, e.g. {kind:'pull-model', model:'llama3.2'}. */
  action: z.record(z.string(), z.unknown()).optional(),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

/** The one error type the backend throws on purpose. Anything else is reported as `internal`. */
export class AriadneError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly action?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { retryable?: boolean; action?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AriadneError';
    this.code = code;
    this.retryable = opts.retryable ?? false;
    this.action = opts.action;
  }

  toJSON(): RpcError {
    return { code: this.code, message: this.message, retryable: this.retryable, action: this.action };
  }
}

export function isAriadneError(e: unknown): e is AriadneError {
  return e instanceof AriadneError;
}

/** Turns anything thrown into the wire shape; unknown errors keep their message but not their stack. */
export function toRpcError(e: unknown): RpcError {
  if (e instanceof AriadneError) return e.toJSON();
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    const parsed = RpcErrorSchema.safeParse(e);
    if (parsed.success) return parsed.data;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (/ENOSPC|no space left/i.test(message)) {
    return { code: 'disk_full', message: 'The disk is full: free some space and retry.', retryable: true };
  }
  return { code: 'internal', message };
}

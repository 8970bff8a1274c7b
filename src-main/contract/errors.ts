/**
 * Every error that crosses a boundary (RPC, CLI, REST) carries one of these codes, so the UI can offer the
 * right action ("start Ollama", "pull the model", "retry") instead of showing a stack trace.
 *
 * Plain data, no zod: every command, `ariadne --help` included, loads this file to report errors, and zod
 * is the larger part of what a command loads (the wire schema of an error is in `wire.ts`).
 */
export const ERROR_CODES = [
  'invalid_input',
  'unknown_method',
  'unauthorized',
  'not_found',
  'conflict',
  'capacity',
  'library_locked',
  'dimension_mismatch',
  'server_unreachable',
  'server_refused',
  'model_missing',
  'context_overflow',
  'schema_invalid',
  'upstream',
  'timeout',
  'cancelled',
  'parse_failed',
  'disk_full',
  'library_damaged',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RpcError {
  code: ErrorCode;
  message: string;
  retryable?: boolean;
  /** A suggested user action, e.g. {kind:'pull-model', model:'llama3.2'}. */
  action?: Record<string, unknown>;
}

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `e` as an RpcError if it has that shape (only its fields are kept), else null. */
function asRpcError(e: Record<string, unknown>): RpcError | null {
  const { code, message, retryable, action } = e;
  if (typeof code !== 'string' || !CODES.has(code) || typeof message !== 'string') return null;
  if (retryable !== undefined && typeof retryable !== 'boolean') return null;
  if (action !== undefined && !isPlainObject(action)) return null;
  return {
    code: code as ErrorCode,
    message,
    ...(retryable === undefined ? {} : { retryable }),
    ...(action === undefined ? {} : { action }),
  };
}

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
  if (isPlainObject(e)) {
    const parsed = asRpcError(e);
    if (parsed) return parsed;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (/ENOSPC|no space left/i.test(message)) {
    return { code: 'disk_full', message: 'The disk is full: free some space and retry.', retryable: true };
  }
  return { code: 'internal', message };
}

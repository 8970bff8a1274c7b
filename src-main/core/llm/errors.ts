import { AriadneError } from '../../contract';

/** What a failed call knows about itself; each model server adds how it names itself and what to do. */
export interface ErrorContext {
  host: string;
  /** How messages name the server: "Ollama", "The model server". */
  label: string;
  /** The action offered when the server cannot be reached, e.g. {kind:'start-ollama', host}. */
  startAction: Record<string, unknown>;
  model?: string | null;
  /** Our own timer fired. */
  timedOut?: boolean;
  timeoutMs?: number;
  /** The caller aborted. */
  cancelled?: boolean;
}

/** An HTTP answer other than 2xx, with the server's own message (`{"error": …}` in whichever shape). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

function causeCode(e: unknown): string | undefined {
  for (let c: unknown = e, i = 0; c && i < 4; c = (c as { cause?: unknown }).cause, i++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    // undici wraps several attempts (IPv4 and IPv6) in an AggregateError
    const inner = (c as { errors?: unknown[] }).errors?.[0] as { code?: unknown } | undefined;
    if (typeof inner?.code === 'string') return inner.code;
  }
  return undefined;
}

/** "Ollama" stays a name; "The model server" becomes "the model server" inside a sentence. */
function inSentence(label: string): string {
  return label.startsWith('The ') ? `the ${label.slice(4)}` : label;
}

/**
 * Turns an HTTP status and the server's message into an error the UI can act on. The same statuses mean the
 * same things on Ollama and on OpenAI-compatible servers (LM Studio, llama.cpp, vLLM), only the wording of
 * the message differs, so one mapping serves every provider.
 */
export function classifyHttpStatus(
  status: number,
  message: string,
  ctx: ErrorContext,
  cause?: unknown,
): AriadneError {
  const name = inSentence(ctx.label);
  if (status === 401 || status === 403) {
    return new AriadneError(
      'server_refused',
      `${ctx.label} at ${ctx.host} refused the API key (${status}): ${message}`,
      { action: { kind: 'set-api-key', host: ctx.host }, cause },
    );
  }
  if (
    status === 404 &&
    /model/i.test(message) &&
    /not found|no such model|pull|does not exist|model_not_found/i.test(message)
  ) {
    const model = /model ["'`]?([^"'`\s]+?)["'`]?(?:\s|$)/i.exec(message)?.[1] ?? ctx.model ?? 'unknown';
    return new AriadneError(
      'model_missing',
      `The model ${model} is not installed in ${name} at ${ctx.host}.`,
      {
        action: { kind: 'pull-model', model },
        cause,
      },
    );
  }
  if (
    /context (length|window|size)|exceeds the context|input length exceeds|maximum context/i.test(message)
  ) {
    return new AriadneError('context_overflow', `${ctx.label} rejected the prompt as too long: ${message}`, {
      cause,
    });
  }
  if (status === 503) {
    return new AriadneError('upstream', `${ctx.label} is busy (queue full): ${message}`, {
      retryable: true,
      cause,
    });
  }
  const retryable = status === 429 || status >= 500;
  return new AriadneError('upstream', `${ctx.label} answered ${status}: ${message}`, { retryable, cause });
}

/**
 * Everything that is not an HTTP answer: our timeout, the caller's cancel, a server that is not listening, a
 * dropped socket, an unreadable reply. Unknown transport failures are retryable: a restarted server or a
 * dropped socket usually heals.
 */
export function classifyTransportError(e: unknown, ctx: ErrorContext): AriadneError {
  // A call's first step (the model's context length) runs under its own guard whose "caller" is the call's
  // signal, so when the call's timer fired mid-step the step reports `cancelled`. This call knows better:
  // it timed out, a retryable failure. Under load 16 first calls wait on that step and it was seen here.
  if (e instanceof AriadneError && !(e.code === 'cancelled' && ctx.timedOut)) return e;
  if (ctx.cancelled) return new AriadneError('cancelled', 'The LLM call was cancelled.', { cause: e });
  if (ctx.timedOut) {
    return new AriadneError(
      'timeout',
      `${ctx.label} at ${ctx.host} did not answer within ${Math.round((ctx.timeoutMs ?? 0) / 1000)} s${ctx.model ? ` (model ${ctx.model})` : ''}.`,
      { retryable: true, cause: e },
    );
  }
  if (e instanceof HttpStatusError) return classifyHttpStatus(e.status, e.message, ctx, e);
  const message = e instanceof Error ? e.message : String(e);
  const code = causeCode(e);
  if (code && UNREACHABLE.has(code)) {
    return new AriadneError('server_unreachable', `${ctx.label} is not running at ${ctx.host}.`, {
      retryable: true,
      action: ctx.startAction,
      cause: e,
    });
  }
  if (/bad port/i.test(String((e as { cause?: { message?: string } }).cause?.message))) {
    return new AriadneError(
      'server_unreachable',
      `${ctx.label} cannot be reached at ${ctx.host}: fetch refuses that port.`,
      { action: ctx.startAction, cause: e },
    );
  }
  if (e instanceof SyntaxError) {
    return new AriadneError('upstream', `${ctx.label} sent an unreadable reply: ${message}`, {
      retryable: true,
      cause: e,
    });
  }
  return new AriadneError(
    'upstream',
    `The connection to ${inSentence(ctx.label)} failed: ${message}${code ? ` (${code})` : ''}`,
    { retryable: true, cause: e },
  );
}

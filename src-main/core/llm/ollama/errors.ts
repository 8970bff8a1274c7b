import { AriadneError } from '../../../contract';

export interface ErrorContext {
  host: string;
  model?: string | null;
  /** Our own timer fired. */
  timedOut?: boolean;
  timeoutMs?: number;
  /** The caller aborted. */
  cancelled?: boolean;
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

/**
 * Turns whatever the ollama client or fetch threw into an AriadneError the UI can act on: start Ollama,
 * pull the model, or retry later. Unknown transport failures are retryable: a restart of Ollama or a
 * dropped socket usually heals.
 */
export function classifyOllamaError(e: unknown, ctx: ErrorContext): AriadneError {
  // A call's first step (the model's context length) runs under its own guard whose "caller" is the call's
  // signal, so when the call's timer fired mid-step the step reports `cancelled`. This call knows better:
  // it timed out, a retryable failure. Under load 16 first calls wait on that step and it was seen here.
  if (e instanceof AriadneError && !(e.code === 'cancelled' && ctx.timedOut)) return e;
  if (ctx.cancelled) return new AriadneError('cancelled', 'The LLM call was cancelled.', { cause: e });
  if (ctx.timedOut) {
    return new AriadneError(
      'timeout',
      `Ollama at ${ctx.host} did not answer within ${Math.round((ctx.timeoutMs ?? 0) / 1000)} s${ctx.model ? ` (model ${ctx.model})` : ''}.`,
      { retryable: true, cause: e },
    );
  }
  const err = e as { name?: string; message?: string; status_code?: number };
  const message = err.message ?? String(e);
  if (err.name === 'ResponseError' && typeof err.status_code === 'number') {
    const status = err.status_code;
    if (status === 404 && /not found|no such model|pull/i.test(message)) {
      const model = /model ["']?([^"'\s]+)["']?/i.exec(message)?.[1] ?? ctx.model ?? 'unknown';
      return new AriadneError(
        'model_missing',
        `The model ${model} is not installed in Ollama at ${ctx.host}.`,
        {
          action: { kind: 'pull-model', model },
          cause: e,
        },
      );
    }
    if (/context (length|window)|exceeds the context|input length exceeds/i.test(message)) {
      return new AriadneError('context_overflow', `Ollama rejected the prompt as too long: ${message}`, {
        cause: e,
      });
    }
    if (status === 503) {
      return new AriadneError('upstream', `Ollama is busy (queue full): ${message}`, {
        retryable: true,
        cause: e,
      });
    }
    const retryable = status === 429 || status >= 500;
    return new AriadneError('upstream', `Ollama answered ${status}: ${message}`, { retryable, cause: e });
  }
  const code = causeCode(e);
  if (code && UNREACHABLE.has(code)) {
    return new AriadneError('ollama_unreachable', `Ollama is not running at ${ctx.host}.`, {
      retryable: true,
      action: { kind: 'start-ollama', host: ctx.host },
      cause: e,
    });
  }
  if (/bad port/i.test(String((e as { cause?: { message?: string } }).cause?.message))) {
    return new AriadneError(
      'ollama_unreachable',
      `Ollama cannot be reached at ${ctx.host}: fetch refuses that port.`,
      {
        action: { kind: 'start-ollama', host: ctx.host },
        cause: e,
      },
    );
  }
  if (e instanceof SyntaxError) {
    return new AriadneError('upstream', `Ollama sent an unreadable reply: ${message}`, {
      retryable: true,
      cause: e,
    });
  }
  return new AriadneError(
    'upstream',
    `The connection to Ollama failed: ${message}${code ? ` (${code})` : ''}`,
    {
      retryable: true,
      cause: e,
    },
  );
}

import {
  AriadneError,
  isMethodName,
  methods,
  toRpcError,
  type ApiHandlers,
  type CallContext,
  type Result,
} from '../contract';
import type { Logger } from '../core/deps';

export interface Dispatcher {
  call(method: string, params: unknown, ctx: CallContext): Promise<Result>;
}

/**
 * Validate → call → `{ok, data}` or `{ok:false, error}`. The single place where input is checked against
 * the contract, so a handler can trust its argument and every transport gets identical error shapes.
 * Outputs are validated too: a handler that breaks the contract is a bug we want to see, not ship.
 */
export function createDispatcher(handlers: ApiHandlers, log?: Logger): Dispatcher {
  return {
    async call(method, params, ctx) {
      if (!isMethodName(method)) {
        return { ok: false, error: { code: 'unknown_method', message: `Unknown method "${method}".` } };
      }
      const spec = methods[method];
      const parsed = spec.input.safeParse(params ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
        return {
          ok: false,
          error: {
            code: 'invalid_input',
            message: `Invalid input for ${method}${where}: ${issue?.message ?? 'invalid'}`,
          },
        };
      }
      try {
        const handler = handlers[method] as (input: unknown, ctx: CallContext) => Promise<unknown>;
        const emit = spec.stream
          ? (item: unknown) => ctx.emit(item)
          : () => {
              throw new AriadneError('internal', `${method} does not stream`);
            };
        const data = await handler(parsed.data, { signal: ctx.signal, emit });
        const out = spec.output.safeParse(data);
        if (!out.success) {
          log?.log('error', 'handler output violates the contract', { method, issue: out.error.issues[0] });
          return { ok: false, error: { code: 'internal', message: `${method} returned an invalid result.` } };
        }
        return { ok: true, data: out.data };
      } catch (e) {
        if (ctx.signal.aborted && !(e instanceof AriadneError)) {
          return { ok: false, error: { code: 'cancelled', message: `${method} was cancelled.` } };
        }
        const error = toRpcError(e);
        if (error.code === 'internal') log?.log('error', 'handler failed', { method, error: String(e) });
        return { ok: false, error };
      }
    },
  };
}

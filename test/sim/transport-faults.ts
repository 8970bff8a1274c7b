import type { FaultDecision } from './faults';
import { type ReqCtx, sendError, sleep } from './http-util';
import { openAiError } from './openai';
import type { SimStats } from './stats';

/** Latency, stalls and HTTP errors; returns false when the reply was already sent (or the socket cut). */
export async function applyTransportFaults(
  ctx: ReqCtx,
  model: string,
  fault: FaultDecision,
  stats: Pick<SimStats, 'faults'>,
  api: 'ollama' | 'openai' = 'ollama',
): Promise<boolean> {
  if (fault.kind) stats.faults[fault.kind] = (stats.faults[fault.kind] ?? 0) + 1;
  await sleep(fault.latencyMs, ctx.signal);
  if (fault.kind === 'stall') await sleep(fault.stallMs, ctx.signal);
  if (ctx.signal.aborted) return false;
  const fail = (status: number, ollama: string, openaiMessage: string, type: string) =>
    api === 'ollama' ? sendError(ctx.res, status, ollama) : openAiError(ctx.res, status, openaiMessage, type);
  if (fault.kind === 'http500')
    return (
      fail(500, 'an error was encountered while running the model', 'Internal server error', 'server_error'),
      false
    );
  if (fault.kind === 'http503')
    return (
      fail(
        503,
        'server busy, please try again.  maximum pending requests exceeded',
        'The server is overloaded: no slot is free',
        'unavailable_error',
      ),
      false
    );
  if (fault.kind === 'http404')
    return (
      fail(
        404,
        `model "${model}" not found, try pulling it first`,
        `The model \`${model}\` does not exist.`,
        'NotFoundError',
      ),
      false
    );
  return true;
}

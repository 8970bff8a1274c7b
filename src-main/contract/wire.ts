import { z } from 'zod';
import { ERROR_CODES, type RpcError } from './errors';

/** An error on the wire: `errors.ts` describes it without zod, this validates it. */
export const RpcErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  retryable: z.boolean().optional(),
  action: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<RpcError>;

/**
 * The messages every transport carries (WebSocket frames, Electron IPC payloads, in-memory calls).
 * A call is answered by zero or more `stream` frames, then exactly one `result` frame.
 */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('call'),
    id: z.string().min(1).max(64),
    method: z.string(),
    params: z.unknown(),
  }),
  z.object({ type: z.literal('cancel'), id: z.string().min(1).max(64) }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

export const Result = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: RpcErrorSchema }),
]);
export type Result = z.infer<typeof Result>;

export type ServerFrame =
  | { type: 'result'; id: string; result: Result }
  | { type: 'stream'; id: string; item: unknown }
  | { type: 'event'; name: string; payload: unknown };

import type http from 'node:http';

/** An HTTP answer decided while reading a request: its status and a JSON error body, never a throw upward. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Request bodies above this answer 413; the same cap applies to WebSocket frames. */
export const MAX_BODY = 8 * 1024 * 1024;

/**
 * The request target as a URL, or an HttpError 400. The base is fixed (not the Host header): the Host is
 * checked separately, and a malformed one (`Host: a b`) made `new URL` throw in the upgrade listener,
 * which took the whole process down.
 */
export function parseTarget(rawUrl: string | undefined): URL {
  const target = rawUrl ?? '/';
  if (!target.startsWith('/'))
    throw new HttpError(400, 'invalid_input', 'The request target must be a path.');
  try {
    return new URL(target, 'http://127.0.0.1');
  } catch {
    throw new HttpError(400, 'invalid_input', 'The request target is not a valid URL.');
  }
}

/** `decodeURIComponent` that answers 400 on a bad %-escape instead of throwing a URIError. */
export function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpError(400, 'invalid_input', 'The path has an invalid %-escape.');
  }
}

/** The body as JSON (`{}` when empty): 413 past `limit` bytes, 400 when it is not JSON. */
export async function readJsonBody(req: http.IncomingMessage, limit = MAX_BODY): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(c);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_input', 'The body is not valid JSON.');
  }
}

function tooLarge(limit: number) {
  return new HttpError(413, 'invalid_input', `The request body is larger than ${limit} bytes.`);
}

/** Writes a JSON answer unless one is already under way; ends the response either way. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendError(res: http.ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { ok: false, error: { code, message } });
}

/** A raw HTTP answer on an upgrade socket that will not become a WebSocket. */
export function refuseUpgrade(socket: NodeJS.WritableStream & { destroyed?: boolean }, status: number): void {
  const reason: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    408: 'Request Timeout',
    421: 'Misdirected Request',
    431: 'Request Header Fields Too Large',
  };
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${reason[status] ?? 'Error'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
  );
}

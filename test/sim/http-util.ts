import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReqCtx {
  req: IncomingMessage;
  res: ServerResponse;
  /** Aborted when the client goes away, so sleeps and streams stop with it. */
  signal: AbortSignal;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Ollama's error shape: `{"error": "..."}` with a meaningful status. */
export function sendError(res: ServerResponse, status: number, error: string) {
  sendJson(res, status, { error });
}

export function startNdjson(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Transfer-Encoding': 'chunked' });
}

export function writeLine(res: ServerResponse, obj: unknown) {
  if (!res.destroyed && !res.writableEnded) res.write(`${JSON.stringify(obj)}\n`);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function nowIso() {
  return new Date().toISOString();
}

/** A request body parsed as a JSON object, or the error that says why it is not one (each API words it). */
export function jsonObject(raw: string): Record<string, unknown> | Error {
  try {
    const body = JSON.parse(raw) as Record<string, unknown>;
    if (!body || typeof body !== 'object') throw new Error('not an object');
    return body;
  } catch (e) {
    return e as Error;
  }
}

/** The texts of an embedding request (`input`: one string or a list, on both APIs), or null for another shape. */
export function embedTexts(body: Record<string, unknown>): string[] | null {
  const input = body.input;
  return typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : null;
}

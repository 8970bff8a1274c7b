import { AriadneError, toRpcError } from '../../../contract/errors';
import type { ParsedDocument } from './types';

/** Errors travel as data: comlink would flatten an AriadneError to a bare Error and lose its code. */
export type ParseOutcome = { ok: true; doc: ParsedDocument } | { ok: false; code: string; message: string };

/** Runs a parse inside a worker and packs its result or error as a ParseOutcome. */
export async function parseOutcome(
  run: () => Promise<ParsedDocument> | ParsedDocument,
): Promise<ParseOutcome> {
  try {
    return { ok: true, doc: await run() };
  } catch (e) {
    const err = toRpcError(e);
    return { ok: false, code: err.code, message: err.message };
  }
}

/** The parsed document of an outcome, or its error raised again on this side of the worker boundary. */
export function documentOf(out: ParseOutcome): ParsedDocument {
  if (!out.ok) throw new AriadneError(out.code === 'parse_failed' ? 'parse_failed' : 'internal', out.message);
  return out.doc;
}

/** What src-worker/parse-worker.ts exposes over comlink. */
export interface ParseWorkerApi {
  parsePdf(bytes: Uint8Array, opts: { maxPages?: number }): Promise<ParseOutcome>;
  parseText(text: string, kind: 'txt' | 'md'): Promise<ParseOutcome>;
}

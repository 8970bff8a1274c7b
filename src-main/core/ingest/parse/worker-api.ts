import { AriadneError, toRpcError } from '../../../contract/errors';
import type { ParsedDocument } from './types';

/** Errors travel as data: comlink would flatten an AriadneError to a bare Error and lose its code. */
export type ParseOutcome =
  { ok: true; doc: ParsedDocument } | { ok: false; code: string; message: string; pages?: number };

/**
 * A parse that failed after the page count was known (too many pages, no text layer): the library view
 * shows the pages of a failed PDF instead of 0.
 */
export class ParseFailed extends AriadneError {
  constructor(
    message: string,
    readonly pages: number | undefined,
  ) {
    super('parse_failed', message);
  }
}

/** Runs a parse inside a worker and packs its result or error as a ParseOutcome. */
export async function parseOutcome(
  run: () => Promise<ParsedDocument> | ParsedDocument,
): Promise<ParseOutcome> {
  try {
    return { ok: true, doc: await run() };
  } catch (e) {
    const err = toRpcError(e);
    const pages = e instanceof ParseFailed ? e.pages : undefined;
    return { ok: false, code: err.code, message: err.message, ...(pages ? { pages } : {}) };
  }
}

/** The parsed document of an outcome, or its error raised again on this side of the worker boundary. */
export function documentOf(out: ParseOutcome): ParsedDocument {
  if (!out.ok && out.code === 'parse_failed') throw new ParseFailed(out.message, out.pages);
  if (!out.ok) throw new AriadneError('internal', out.message);
  return out.doc;
}

/** A PDF parse's options that cross into the worker: plain data (the password is used there and dropped). */
export interface PdfWorkerOptions {
  maxPages?: number;
  password?: string;
  ocr?: 'auto' | 'all' | 'off';
}

/** What src-worker/parse-worker.ts exposes over comlink. */
export interface ParseWorkerApi {
  /** `onOcrPage` is a comlink proxy: OCR's progress, pages done of pages to read. */
  parsePdf(
    bytes: Uint8Array,
    opts: PdfWorkerOptions,
    onOcrPage?: (done: number, total: number) => void,
  ): Promise<ParseOutcome>;
  parseText(text: string, kind: 'txt' | 'md'): Promise<ParseOutcome>;
}

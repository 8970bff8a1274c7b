import type { ParsedDocument } from './types';

/** Errors travel as data: comlink would flatten an AriadneError to a bare Error and lose its code. */
export type ParseOutcome = { ok: true; doc: ParsedDocument } | { ok: false; code: string; message: string };

/** What src-worker/parse-worker.ts exposes over comlink. */
export interface ParseWorkerApi {
  parsePdf(bytes: Uint8Array, opts: { maxPages?: number }): Promise<ParseOutcome>;
  parseText(text: string, kind: 'txt' | 'md'): Promise<ParseOutcome>;
}

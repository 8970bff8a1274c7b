/**
 * Parse worker: pdf.js and the layout rules run here, never in the main process, so a hostile PDF can be
 * killed on a timeout or a memory cap without taking the app down. Plain data in, plain data out.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { toRpcError } from '../src-main/contract/errors';
import { parsePdf } from '../src-main/core/ingest/parse/pdf';
import { parseText } from '../src-main/core/ingest/parse/text';
import type { ParsedDocument } from '../src-main/core/ingest/parse/types';
import type { ParseOutcome, ParseWorkerApi } from '../src-main/core/ingest/parse/worker-api';

async function outcome(run: () => Promise<ParsedDocument> | ParsedDocument): Promise<ParseOutcome> {
  try {
    return { ok: true, doc: await run() };
  } catch (e) {
    const err = toRpcError(e);
    return { ok: false, code: err.code, message: err.message };
  }
}

export const parseWorkerApi: ParseWorkerApi = {
  parsePdf: (bytes, opts) => outcome(() => parsePdf(bytes, opts)),
  parseText: (text, kind) => outcome(() => parseText(text, kind)),
};

if (parentPort) Comlink.expose(parseWorkerApi, nodeEndpoint(parentPort));

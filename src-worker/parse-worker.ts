/**
 * Parse worker: pdf.js and the layout rules run here, never in the main process, so a hostile PDF can be
 * killed on a timeout or a memory cap without taking the app down. Plain data in, plain data out.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { parsePdf } from '../src-main/core/ingest/parse/pdf';
import { parseText } from '../src-main/core/ingest/parse/text';
import { parseOutcome, type ParseWorkerApi } from '../src-main/core/ingest/parse/worker-api';

export const parseWorkerApi: ParseWorkerApi = {
  parsePdf: (bytes, opts) => parseOutcome(() => parsePdf(bytes, opts)),
  parseText: (text, kind) => parseOutcome(() => parseText(text, kind)),
};

if (parentPort) Comlink.expose(parseWorkerApi, nodeEndpoint(parentPort));

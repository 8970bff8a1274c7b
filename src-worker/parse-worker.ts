/**
 * Parse worker: pdf.js, OCR (Tesseract, in a thread this worker starts) and the layout rules run here, never in the main process, so a hostile PDF can be
 * killed on a timeout or a memory cap without taking the app down. Plain data in, plain data out.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { parsePdf } from '../src-main/core/ingest/parse/pdf';
import { parseText } from '../src-main/core/ingest/parse/text';
import { parseOutcome, type ParseWorkerApi } from '../src-main/core/ingest/parse/worker-api';
import { withLanguage } from '../src-main/core/ingest/parse/document-language';

export const parseWorkerApi: ParseWorkerApi = {
  async parsePdf(bytes, opts, onOcrPage) {
    // Progress is best effort: a report that cannot be delivered never fails the parse.
    const report = onOcrPage
      ? (done: number, total: number) => void Promise.resolve(onOcrPage(done, total)).catch(() => undefined)
      : undefined;
    try {
      return await parseOutcome(async () =>
        withLanguage(await parsePdf(bytes, { ...opts, ...(report ? { onOcrPage: report } : {}) })),
      );
    } finally {
      // The callback is a proxy over a port of its own; released, the port closes.
      (onOcrPage as Partial<Comlink.Remote<object>> | undefined)?.[Comlink.releaseProxy]?.();
    }
  },
  parseText: (text, kind) => parseOutcome(() => withLanguage(parseText(text, kind))),
};

if (parentPort) Comlink.expose(parseWorkerApi, nodeEndpoint(parentPort));

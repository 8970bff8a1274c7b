/**
 * Ingest worker: hashing, block splitting, extraction post-processing and the built-in provider's rules run
 * here so the main thread (UI, RPC, scheduler) never stalls on CPU work. Plain data in, plain data out.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { contentId } from '../src-main/core/library/content-id';
import { splitIntoBlocks } from '../src-main/core/ingest/chunk/split-blocks';
import { parseText } from '../src-main/core/ingest/parse/text';
import { parseOutcome } from '../src-main/core/ingest/parse/worker-api';
import { withLanguage } from '../src-main/core/ingest/parse/document-language';
import { groundExtraction } from '../src-main/core/ingest/ground/grounding';
import { scanDocumentFacts } from '../src-main/core/ingest/chunk/document-facts';
import type { IngestWorkerApi } from '../src-main/core/ingest/runtime/worker-api';
import { createBuiltinProvider } from '../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../src-main/core/llm/tasks';
import { builtinOps } from './builtin-ops';

const builtin = builtinOps(createTasks(createBuiltinProvider()));

export const ingestWorkerApi: IngestWorkerApi = {
  async hash(bytes) {
    return contentId(bytes);
  },
  async blocks(text, pageOffsets, maxTokens) {
    return splitIntoBlocks(text, { pageOffsets, maxTokens });
  },
  async ground(extraction, chunkText, strict) {
    return groundExtraction(extraction, chunkText, { strict });
  },
  parseText: (text, kind) => parseOutcome(() => withLanguage(parseText(text, kind))),
  async documentFacts(passages) {
    return scanDocumentFacts(passages);
  },
  builtin: (op, input) => builtin(op, input),
};

if (parentPort) Comlink.expose(ingestWorkerApi, nodeEndpoint(parentPort));

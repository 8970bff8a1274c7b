/**
 * Ingest worker: hashing, block splitting, extraction post-processing and the built-in provider's rules run
 * here so the main thread (UI, RPC, scheduler) never stalls on CPU work. Plain data in, plain data out.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { toRpcError } from '../src-main/contract/errors';
import { splitIntoBlocks } from '../src-main/core/ingest/chunk/split-blocks';
import { parseText } from '../src-main/core/ingest/parse/text';
import { findAbbreviations, groundExtraction } from '../src-main/core/ingest/pipeline/postprocess';
import type { IngestWorkerApi } from '../src-main/core/ingest/runtime/worker-api';
import { createBuiltinProvider } from '../src-main/core/llm/builtin/builtin-provider';
import { createTasks } from '../src-main/core/llm/tasks';

const tasks = createTasks(createBuiltinProvider());

export const ingestWorkerApi: IngestWorkerApi = {
  async hash(bytes) {
    return createHash('sha256').update(bytes).digest('hex');
  },
  async blocks(text, pageOffsets, maxTokens) {
    return splitIntoBlocks(text, { pageOffsets, maxTokens });
  },
  async ground(extraction, chunkText) {
    return groundExtraction(extraction, chunkText);
  },
  async parseText(text, kind) {
    try {
      return { ok: true, doc: parseText(text, kind) };
    } catch (e) {
      const err = toRpcError(e);
      return { ok: false, code: err.code, message: err.message };
    }
  },
  async abbreviations(text) {
    return findAbbreviations(text);
  },
  async builtin(op, input) {
    const i = input as { text: string; previousSummary?: string; texts: string[] };
    if (op === 'summarize') return tasks.summarize(i);
    if (op === 'extract') return tasks.extract(i);
    if (op === 'questions') return tasks.atomicQuestions(i);
    return tasks.embed(i.texts);
  },
};

if (parentPort) Comlink.expose(ingestWorkerApi, nodeEndpoint(parentPort));

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
import { findAbbreviations, groundExtraction } from '../src-main/core/ingest/pipeline/postprocess';
import type { IngestWorkerApi } from '../src-main/core/ingest/runtime/worker-api';
import { createBuiltinProvider } from '../src-main/core/llm/builtin/builtin-provider';
import type { DocumentMeta } from '../src-main/core/llm/builtin/junk-gate';
import { createTasks } from '../src-main/core/llm/tasks';

const tasks = createTasks(createBuiltinProvider());

export const ingestWorkerApi: IngestWorkerApi = {
  async hash(bytes) {
    return contentId(bytes);
  },
  async blocks(text, pageOffsets, maxTokens) {
    return splitIntoBlocks(text, { pageOffsets, maxTokens });
  },
  async ground(extraction, chunkText) {
    return groundExtraction(extraction, chunkText);
  },
  parseText: (text, kind) => parseOutcome(() => parseText(text, kind)),
  async abbreviations(text) {
    return findAbbreviations(text);
  },
  async builtin(op, input) {
    const i = input as {
      text: string;
      previousSummary?: string;
      texts: string[];
      entityTypes?: readonly string[];
      meta?: DocumentMeta;
    };
    if (op === 'passage') return tasks.readPassage(i);
    if (op === 'summarize') return tasks.summarize(i);
    if (op === 'extract') return tasks.extract(i);
    if (op === 'questions') return tasks.atomicQuestions(i);
    return tasks.embed(i.texts);
  },
};

if (parentPort) Comlink.expose(ingestWorkerApi, nodeEndpoint(parentPort));

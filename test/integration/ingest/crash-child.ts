/**
 * Child process for the crash test: opens the library, (re)imports the files — duplicates are skipped and
 * unfinished jobs resume — waits for every document, then prints DONE. The parent SIGKILLs it at random.
 */
import fs from 'node:fs';
import { createCore } from '../../../src-main/core/create-core';
import { createMemoryLogger } from '../../../src-main/core/deps';
import { createOllamaProvider } from '../../../src-main/core/llm/ollama/ollama-provider';

const [dataDir, simUrl, ...paths] = process.argv.slice(2);
const llm = createOllamaProvider({
  host: simUrl!,
  chatModel: 'qwen2.5:7b',
  embedModel: 'all-minilm',
  timeoutMs: 5000,
  concurrency: 8,
});
const core = await createCore({
  dataDir: dataDir!,
  llm,
  host: 'test',
  version: 'test',
  log: createMemoryLogger(),
  ingest: {
    workers: 1,
    blockTokens: 1000,
    backoffBaseMs: 5,
    backoffMaxMs: 20,
    llmConcurrency: 4,
    perJobLlmConcurrency: 4,
  },
});
const ctx = { signal: new AbortController().signal, emit: () => undefined };
const res = await core.handlers['library:import']({ paths }, ctx);
const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
// Written synchronously: a pipe write is asynchronous and must not depend on a clean shutdown.
fs.writeSync(1, `DONE ${jobs.map((j) => j.status).join(',')}\n`);
await core.close();
process.exit(0);

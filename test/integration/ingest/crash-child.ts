/**
 * Child process for the crash test: opens the library, (re)imports the files — duplicates are skipped and
 * unfinished jobs resume — waits for every document, then prints DONE. The parent SIGKILLs it at random.
 * ARIADNE_CRASH_BLOCK_TOKENS sets the block size: small blocks give several chunks per document, so a kill
 * lands in the middle of the summary chain and the per-chunk calls.
 */
import fs from 'node:fs';
import { createCore } from '../../../src-main/core/create-core';
import { createMemoryLogger } from '../../../src-main/core/deps';
import { createOllamaProvider } from '../../../src-main/core/llm/ollama/ollama-provider';
import type { LlmProvider } from '../../../src-main/core/llm/provider';

const [dataDir, simUrl, ...paths] = process.argv.slice(2);
const ollama = createOllamaProvider({
  host: simUrl!,
  chatModel: 'qwen2.5:7b',
  embedModel: 'all-minilm',
  timeoutMs: 5000,
  concurrency: 8,
});

/**
 * Model calls this run has asked for, and those whose reply it has not received yet, written synchronously
 * to ARIADNE_CRASH_INFLIGHT_FILE ("<asked> <awaiting>") on every change: after a SIGKILL the file holds the
 * counts at the kill. The sim alone cannot see this: a reply it finished sending may still sit unread
 * behind a busy event loop.
 */
const inflightFile = process.env.ARIADNE_CRASH_INFLIGHT_FILE;
const fd = inflightFile ? fs.openSync(inflightFile, 'w') : null;
let asked = 0;
let inFlight = 0;
const record = (delta: number) => {
  if (delta > 0) asked += delta;
  inFlight += delta;
  if (fd !== null) fs.writeSync(fd, `${asked} ${inFlight}`.padEnd(24), 0);
};
async function tracked<T>(p: () => Promise<T>): Promise<T> {
  record(1);
  try {
    return await p();
  } finally {
    record(-1);
  }
}
const llm: LlmProvider = {
  name: ollama.name,
  chatModel: ollama.chatModel,
  embedModel: ollama.embedModel,
  metrics: ollama.metrics,
  limiter: ollama.limiter,
  health: () => ollama.health(),
  chat: (req) => tracked(() => ollama.chat(req)),
  stream: (req) => ollama.stream(req),
  embed: (texts, opts) => tracked(() => ollama.embed(texts, opts)),
  models: (opts) => ollama.models(opts),
  pull: (model, opts) => ollama.pull(model, opts),
};
const core = await createCore({
  dataDir: dataDir!,
  llm,
  host: 'test',
  version: 'test',
  log: createMemoryLogger(),
  ingest: {
    workers: 1,
    blockTokens: Number(process.env.ARIADNE_CRASH_BLOCK_TOKENS ?? 1000),
    backoffBaseMs: 5,
    backoffMaxMs: 20,
    llmConcurrency: 4,
  },
});
const ctx = { signal: new AbortController().signal, emit: () => undefined };
const res = await core.handlers['library:import']({ paths }, ctx);
const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
// Written synchronously: a pipe write is asynchronous and must not depend on a clean shutdown.
fs.writeSync(1, `DONE ${jobs.map((j) => j.status).join(',')}\n`);
await core.close();
process.exit(0);

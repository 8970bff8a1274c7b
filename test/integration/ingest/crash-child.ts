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
import { markedProvider } from './marked-provider';

const [dataDir, simUrl, ...paths] = process.argv.slice(2);
const ollama = createOllamaProvider({
  host: simUrl!,
  chatModel: 'qwen2.5:7b',
  embedModel: 'all-minilm',
  timeoutMs: 5000,
  concurrency: 8,
});

/**
 * Chat calls this run has asked for, those whose reply it has not received yet, and the same for embedding
 * inputs, written synchronously to ARIADNE_CRASH_INFLIGHT_FILE
 * ("<asked> <awaiting> <inputs asked> <inputs awaiting>") on every change: after a SIGKILL the file holds the
 * counts at the kill. The sim alone cannot see this: a reply it finished sending may still sit unread
 * behind a busy event loop.
 */
const inflightFile = process.env.ARIADNE_CRASH_INFLIGHT_FILE;
const fd = inflightFile ? fs.openSync(inflightFile, 'w') : null;
const counts = { asked: 0, inFlight: 0, inputsAsked: 0, inputsInFlight: 0 };
const record = (kind: 'chat' | 'embed', delta: number) => {
  if (kind === 'chat') {
    if (delta > 0) counts.asked += delta;
    counts.inFlight += delta;
  } else {
    if (delta > 0) counts.inputsAsked += delta;
    counts.inputsInFlight += delta;
  }
  const line = `${counts.asked} ${counts.inFlight} ${counts.inputsAsked} ${counts.inputsInFlight}`;
  if (fd !== null) fs.writeSync(fd, line.padEnd(48), 0);
};
/** Chat calls count one each; embedding calls count their inputs (requests are cut from what is missing). */
async function tracked<T>(kind: 'chat' | 'embed', n: number, p: () => Promise<T>): Promise<T> {
  record(kind, n);
  try {
    return await p();
  } finally {
    record(kind, -n);
  }
}
const counted: LlmProvider = {
  name: ollama.name,
  chatModel: ollama.chatModel,
  embedModel: ollama.embedModel,
  metrics: ollama.metrics,
  limiter: ollama.limiter,
  health: () => ollama.health(),
  chat: (req) => tracked('chat', 1, () => ollama.chat(req)),
  stream: (req) => ollama.stream(req),
  embed: (texts, opts) => tracked('embed', texts.length, () => ollama.embed(texts, opts)),
  models: (opts) => ollama.models(opts),
  pull: (model, opts) => ollama.pull(model, opts),
};
// ARIADNE_CRASH_MARK=1: the model's passage replies carry a mark (marked-provider.ts), so the progressive
// crash test can tell a refined passage's evidence from its draft's.
const llm = process.env.ARIADNE_CRASH_MARK === '1' ? markedProvider(counted).provider : counted;
const core = await createCore({
  dataDir: dataDir!,
  llm,
  // The test bundles the workers as it bundles this child (see test/helpers/bundle-child.ts).
  workers: process.env.ARIADNE_CRASH_WORKERS
    ? (JSON.parse(process.env.ARIADNE_CRASH_WORKERS) as { parse: string; ingest: string })
    : undefined,
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

/**
 * ARIADNE_CRASH_KILL_IN_WRITE="<n> <delayMs>": SIGKILL this process `delayMs` (fractional) after its `n`th
 * evidence write of a single passage began (a refined passage's swap: the draft writes a whole document at
 * once). A kill from outside lands in a store transaction too rarely; this one lands inside it (between its
 * statements or inside Kùzu's COMMIT, which runs on the thread pool while this loop spins), or just after it
 * committed and before the step's journal entry. Polled with setImmediate: timers have 1 ms steps.
 */
const killIn = process.env.ARIADNE_CRASH_KILL_IN_WRITE?.split(' ').map(Number);
/** ARIADNE_CRASH_REPORT_SWAPS=1: prints `SWAP` when a single passage's evidence write begins (see above). */
const reportSwaps = process.env.ARIADNE_CRASH_REPORT_SWAPS === '1';
if (killIn || reportSwaps) {
  const [n = 0, delayMs = 0] = killIn ?? [];
  const graph = core.stores.graph;
  const addEvidence = graph.addEvidence.bind(graph);
  let writes = 0;
  graph.addEvidence = (items, opts) => {
    if (items.length === 1 && reportSwaps) fs.writeSync(1, 'SWAP\n');
    if (items.length === 1 && ++writes === n) {
      const start = performance.now();
      const poll = () => {
        if (performance.now() - start >= delayMs) process.kill(process.pid, 'SIGKILL');
        else setImmediate(poll);
      };
      poll();
    }
    return addEvidence(items, opts);
  };
}
const ctx = { signal: new AbortController().signal, emit: () => undefined };
const res = await core.handlers['library:import']({ paths }, ctx);
const jobs = await core.ingest.waitFor(res.added.map((a) => a.id));
// Written synchronously: a pipe write is asynchronous and must not depend on a clean shutdown.
fs.writeSync(1, `DONE ${jobs.map((j) => j.status).join(',')}\n`);
await core.close();
process.exit(0);

import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AriadneError } from '../../src-main/contract/errors';
import type { Core } from '../../src-main/core/create-core';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import type { LlmProvider } from '../../src-main/core/llm/provider';
import { FIXTURE_PAPERS } from '../fixtures/fixture-papers';
import { type Sim, startSim } from '../sim/server';
import { ctx, dumpOf, openCore, tempDir } from './ingest/harness';
import { MODEL_MARK, markedProvider } from './ingest/marked-provider';

/**
 * The retry invariant (a passage whose model calls all fail keeps a whole reading, and retrying it loses
 * nothing): random failure windows over the model calls (chat and embeddings) and the entity vectors'
 * writes, in the one-pass and the
 * draft-then-refine flow — then "retry failed passages", and the stored graph must equal a clean run's.
 * Between the two, every passage holds exactly one reading (the draft's or the model's, never both, never
 * neither) and no mention or evidence is left without its entity. Bounded: a few cases, seed printed.
 */

/**
 * Every model call (chat and embeddings) numbered `from` to `from + length - 1` fails, as a model server
 * that goes wrong for a while: the window falls on a passage's reading, its resolution's or its commit's
 * embeddings, or the vectors refreshed after a refined passage's swap.
 */
function failingProvider(inner: LlmProvider) {
  let n = 0;
  let window: { from: number; to: number } | null = null;
  const fail = () => {
    const i = n++;
    if (window && i >= window.from && i < window.to)
      throw new AriadneError('upstream', 'Ollama returned 500 (injected).', { retryable: true });
  };
  const chat: LlmProvider['chat'] = async (req) => (fail(), inner.chat(req));
  const embed: LlmProvider['embed'] = async (texts, opts) => (fail(), inner.embed(texts, opts));
  return {
    provider: { ...inner, chat, embed } as LlmProvider,
    arm(from: number, length: number) {
      n = 0;
      window = { from, to: from + length };
    },
    disarm: () => void (window = null),
  };
}

/**
 * Writes of entity vectors numbered `from` on fail `length` times: the vector index refusing a write (a full
 * disk) right after a passage's evidence was committed, where the commit's upkeep of the indexes runs.
 */
function failEntityVectorWrites(core: Core, from: number, length: number) {
  const vectors = core.stores.vectors;
  const upsert = vectors.upsert.bind(vectors);
  let n = 0;
  let armed = true;
  vectors.upsert = async (table, rows) => {
    if (armed && table === 'entities' && rows.length) {
      const i = n++;
      if (i >= from && i < from + length) throw new Error('No space left on device (injected).');
    }
    return upsert(table, rows);
  };
  return () => void (armed = false);
}

const CHAT = 'qwen2.5:7b';
const EMBED = 'all-minilm';
/** Two attempts per step: a window over both runs a passage (or a document step) out of retries. */
const RETRIES = 1;

async function documentFile(): Promise<string> {
  const p = FIXTURE_PAPERS[0]!;
  const file = path.join(tempDir('ariadne-retry-doc-'), 'paper.txt');
  const body = p.body.flatMap((el) => (el.kind === 'para' ? [el.text] : []));
  fs.writeFileSync(file, [p.title, p.abstract, ...body].join('\n\n'));
  return file;
}

describe('retrying a passage whose model calls all failed', () => {
  let sim: Sim;
  let file: string;
  const clean = new Map<string, unknown>();
  let passages: string[] = [];

  const open = async (progressive: boolean, provider: LlmProvider, dir = tempDir()): Promise<Core> =>
    openCore(dir, provider, {
      blockTokens: 150,
      progressive,
      maxChunkRetries: RETRIES,
      backoffBaseMs: 2,
      backoffMaxMs: 10,
    });
  const ingest = async (core: Core) => {
    const res = await core.handlers['library:import']({ paths: [file] }, ctx());
    return core.ingest.waitFor(res.added.map((a) => a.id));
  };

  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 7 } });
    file = await documentFile();
    for (const progressive of [false, true]) {
      const marked = markedProvider(
        createOllamaProvider({ host: sim.url, chatModel: CHAT, embedModel: EMBED }),
      );
      const core = await open(progressive, marked.provider);
      try {
        const [job] = await ingest(core);
        expect(job?.status).toBe('done');
        clean.set(String(progressive), await dumpOf(core));
        passages = (await core.stores.graph.getChunks(job!.docId)).map((c) => c.text);
      } finally {
        await core.close();
      }
    }
    expect(passages.length).toBeGreaterThan(3);
  });
  afterAll(() => sim.close());

  it('keeps one whole reading per passage, and a retry gives the clean run’s graph', async () => {
    const seed = Number(process.env.ARIADNE_RETRY_SEED ?? Date.now() % 2 ** 31);
    console.log(`retry invariant: fast-check seed ${seed} (ARIADNE_RETRY_SEED=${seed} replays it)`);
    const cases = fc.record({
      progressive: fc.boolean(),
      from: fc.nat({ max: 40 }),
      length: fc.integer({ min: 1, max: 6 }),
      vectorFaults: fc.record({ from: fc.nat({ max: 8 }), length: fc.nat({ max: 3 }) }),
      // `ariadne retry` is another process: the library opened afresh, nothing of the first run in memory.
      reopen: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ progressive, from, length, vectorFaults, reopen }) => {
        const failing = failingProvider(
          createOllamaProvider({ host: sim.url, chatModel: CHAT, embedModel: EMBED }),
        );
        const marked = markedProvider(failing.provider);
        failing.arm(from, length);
        const dir = tempDir();
        let core = await open(progressive, marked.provider, dir);
        const vectorsMend = failEntityVectorWrites(core, vectorFaults.from, vectorFaults.length);
        try {
          const [job] = await ingest(core);
          expect(['done', 'partially_failed']).toContain(job?.status);
          const mid = await dumpOf(core);
          expect(mid.orphanDetails).toEqual([]);
          const entityIds = new Set(mid.entities.map((e) => String(e.id)));
          for (const m of mid.mentions) expect(entityIds.has(String(m.entity))).toBe(true);
          for (const v of mid.evidence) {
            expect(entityIds.has(String(v.source))).toBe(true);
            expect(entityIds.has(String(v.target))).toBe(true);
          }
          // Once the draft is in (its commit done), whatever failed after.
          if (progressive && job?.tasks.get('-1:commit')?.status === 'done') {
            // Every passage holds the draft's reading or the model's: never both, never neither.
            const chunks = await core.stores.graph.getChunks(job!.docId);
            for (const c of chunks) {
              const ms = mid.mentions.filter((m) => m.chunk === c.id && String(m.description ?? ''));
              const model = ms.filter((m) => String(m.description).includes(MODEL_MARK)).length;
              expect(ms.length, `passage ${c.index} has no reading`).toBeGreaterThan(0);
              expect([0, ms.length], `passage ${c.index} mixes two readings`).toContain(model);
            }
          }
          failing.disarm();
          vectorsMend();
          if (reopen) {
            await core.close();
            core = await open(progressive, marked.provider, dir);
          }
          if (job?.status !== 'done') {
            await core.handlers['library:retry-failed']({ documentId: job!.docId }, ctx());
            const [after] = await core.ingest.waitFor([job!.docId]);
            expect(after?.status).toBe('done');
          }
          expect(await dumpOf(core)).toEqual(clean.get(String(progressive)));
        } finally {
          await core.close();
        }
      }),
      { seed, numRuns: 4, endOnFailure: true },
    );
  });
});

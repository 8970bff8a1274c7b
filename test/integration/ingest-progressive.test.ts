import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import type { LlmProvider } from '../../src-main/core/llm/provider';
import { type Sim, startSim } from '../sim/server';
import { FIXTURE_PAPERS } from '../fixtures/fixture-papers';
import { ctx, dumpOf, openCore, tempDir } from './ingest/harness';
import { MODEL_MARK, markedProvider } from './ingest/marked-provider';

/**
 * One chat reply takes this long at the simulator; embeddings answer at once. The passage replies are
 * also held back until the draft has been checked: the refinement's calls go out while the draft is read
 * and committed, and on a loaded machine a 3 s reply came back before the draft was in.
 */
const CHAT_LATENCY_MS = 500;

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The fixture papers' text in one file: several passages at 200 tokens, parsed in a moment. */
async function paperText(): Promise<string> {
  const file = path.join(tempDir('ariadne-progressive-docs-'), 'papers.txt');
  const text = FIXTURE_PAPERS.map((p) =>
    [p.title, p.abstract, ...p.body.flatMap((el) => (el.kind === 'para' ? [el.text] : []))].join('\n\n'),
  ).join('\n\n');
  fs.writeFileSync(file, text);
  return file;
}

const mentionRows = async (core: Core, docId: string) =>
  (await dumpOf(core)).mentions.filter((m) => String(m.chunk).startsWith(`${docId}:`));

/**
 * Progressive ingestion through the Ollama simulator with a slow chat model: the built-in draft makes the
 * document searchable and puts its entities in the graph before the model's first reply is back; then each
 * passage's evidence is the model's (every model description carries a mark the built-in engine never
 * writes), the draft's is gone, and entities only the draft named are gone with their vectors.
 */
describe('progressive ingestion', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 7, models: { 'qwen2.5:7b': { latencyMs: CHAT_LATENCY_MS } } } });
  });
  afterAll(() => sim.close());

  it('drafts first, searchable before the first model reply, then refines every passage', async () => {
    const ollama = createOllamaProvider({ host: sim.url, chatModel: 'qwen2.5:7b', embedModel: 'all-minilm' });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const marked = markedProvider(ollama, held);
    const provider: LlmProvider = marked.provider;
    const core = await openCore(tempDir(), provider, {
      blockTokens: 200,
      backoffBaseMs: 5,
      backoffMaxMs: 20,
    });
    try {
      const res = await core.handlers['library:import']({ paths: [await paperText()] }, ctx());
      const id = res.added[0]!.id;

      // The draft: searchable (BM25 over passages) and in the graph, with no model reply in hand yet.
      const draft = await until('the draft', async () => {
        const d = await core.handlers['library:document']({ documentId: id }, ctx());
        return d.reading?.state === 'draft' && d.stage === 'refining' ? d : null;
      });
      const hits = await core.stores.vectors.textSearch('chunks', 'metformin', { k: 5 });
      const { entities } = await core.handlers['graph:entities']({ documentId: id, limit: 1000 }, ctx());
      const draftMentions = await mentionRows(core, id);
      expect(marked.repliesReturned()).toBe(0);
      expect(draft.chunksTotal).toBeGreaterThanOrEqual(3);
      expect(draft.reading).toMatchObject({ model: 'qwen2.5:7b', refined: 0, total: draft.chunksTotal });
      // The passage count follows the model's refinement, the long part.
      expect(draft.chunksDone).toBe(0);
      expect(hits.some((h) => h.id.startsWith(`${id}:`))).toBe(true);
      expect(entities.length).toBeGreaterThan(0);
      expect(draftMentions.length).toBeGreaterThan(0);
      expect(draftMentions.some((m) => String(m.description).includes(MODEL_MARK))).toBe(false);
      const draftDump = await dumpOf(core);
      expect(draftDump.evidence.filter((e) => e.docId === id).length).toBeGreaterThan(0);
      const draftEntityIds = new Set(entities.map((e) => e.id));
      release();

      const [job] = await core.ingest.waitFor([id]);
      expect(job!.status).toBe('done');
      const done = await core.handlers['library:document']({ documentId: id }, ctx());
      expect(done.reading).toEqual({
        state: 'refined',
        model: 'qwen2.5:7b',
        refined: done.chunksTotal,
        total: done.chunksTotal,
      });
      expect(done.chunksDone).toBe(done.chunksTotal);
      // One model call per passage: the draft made none.
      expect(marked.repliesReturned()).toBe(done.chunksTotal);

      // Every mention with a description is the model's; the draft's are gone.
      const dump = await dumpOf(core);
      const refined = dump.mentions.filter((m) => String(m.chunk).startsWith(`${id}:`));
      const described = refined.filter((m) => String(m.description ?? '').length > 0);
      expect(described.length).toBeGreaterThan(0);
      for (const m of described) expect(String(m.description)).toContain(MODEL_MARK);
      const evidence = dump.evidence.filter((e) => e.docId === id);
      expect(evidence.length).toBeGreaterThan(0);
      for (const e of evidence) expect(String(e.description)).toContain(MODEL_MARK);
      expect(dump.orphanDetails).toEqual([]);
      // Entities the model left out and no other passage names are gone, vectors included.
      const dropped = marked.dropped();
      expect(dropped.size).toBeGreaterThan(0);
      const names = new Set(dump.entities.map((e) => String(e.name).toLowerCase()));
      const gone = [...dropped].filter((n) => !names.has(n));
      expect(gone.length).toBeGreaterThan(0);
      const live = new Set(dump.entities.map((e) => String(e.id)));
      expect([...draftEntityIds].some((e) => !live.has(e))).toBe(true);
      const withMentions = new Set(dump.mentions.map((m) => String(m.entity)));
      for (const e of live) expect(withMentions.has(e)).toBe(true);
      const vectorIds = (dump.vectors.entities as { id: string }[]).map((v) => v.id).sort();
      expect(vectorIds).toEqual([...live].sort());
      // The model's questions, embedded once each.
      expect(dump.questions.length).toBeGreaterThan(0);
      expect((dump.vectors.questions as unknown[]).length).toBe(dump.questions.length);
      expect(sim.stats().duplicateEmbedInputs).toBe(0);
    } finally {
      release();
      await core.close();
    }
  }, 180_000);
});

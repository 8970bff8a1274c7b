import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../src-main/core/create-core';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { createOllamaProvider } from '../../src-main/core/llm/ollama/ollama-provider';
import { type Sim, startSim } from '../sim/server';
import { ctx, fixtureFiles, openCore, tempDir } from './ingest/harness';

/**
 * What one document's job reads, counted at the stores and the file system: the file's bytes once (at the
 * import; the job parses the bytes the import read instead of reading the library's copy back), its
 * passages never read back after they are written, its record never fetched again for the authors the parse
 * already had, and its facts (abbreviations, non-prose spans, …) computed and written once — in the
 * one-pass flow and in draft-then-refine, where every refined passage used to re-join and re-scan the
 * whole document.
 */
describe('what a job reads', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ faults: { seed: 7 } });
  });
  afterAll(() => sim.close());

  /** Counts calls of the store methods the pipeline might read with, and reads of the file's copies. */
  function count(core: Core, file: string) {
    const n = { getChunks: 0, getDocument: 0, factsRead: 0, factsWrite: 0, sourceReads: 0, copyReads: 0 };
    const graph = core.stores.graph;
    const wrap = <K extends 'getChunks' | 'getDocument'>(k: K) => {
      const inner = graph[k].bind(graph) as (...a: unknown[]) => Promise<unknown>;
      (graph as unknown as Record<string, unknown>)[k] = (...a: unknown[]) => (n[k]++, inner(...a));
    };
    wrap('getChunks');
    wrap('getDocument');
    const facts = core.stores.facts;
    const read = facts.read.bind(facts);
    const write = facts.write.bind(facts);
    facts.read = (id) => (n.factsRead++, read(id));
    facts.write = (id, f) => (n.factsWrite++, write(id, f));
    const originals = path.join(core.stores.dataDir, 'originals');
    const real = fsp.readFile.bind(fsp);
    vi.spyOn(fsp, 'readFile').mockImplementation(((p: Parameters<typeof fsp.readFile>[0], o?: unknown) => {
      const at = String(p);
      if (at === file) n.sourceReads++;
      if (at.startsWith(originals)) n.copyReads++;
      return real(p, o as never);
    }) as typeof fsp.readFile);
    return {
      n,
      reset() {
        for (const k of Object.keys(n) as (keyof typeof n)[]) if (k !== 'sourceReads') n[k] = 0;
      },
    };
  }

  it('one-pass: the bytes once, no passage read back, the record not fetched, the facts written once', async () => {
    const file = (await fixtureFiles()).papers[0]!.file;
    const core = await openCore(tempDir(), createBuiltinProvider(), { blockTokens: 200 });
    try {
      const c = count(core, file);
      const res = await core.handlers['library:import']({ paths: [file] }, ctx());
      // The import looked the content id up once (a duplicate?); from here on, the job's own reads.
      c.reset();
      const [job] = await core.ingest.waitFor(res.added.map((a) => a.id));
      expect(job?.status).toBe('done');
      expect(job?.payload.chunksTotal).toBeGreaterThan(2);
      expect(c.n).toEqual({
        getChunks: 0,
        getDocument: 0,
        factsRead: 0,
        factsWrite: 1,
        sourceReads: 1,
        copyReads: 0,
      });

      // Read again from the library's copy (nothing of the import is in memory any more): read once.
      c.reset();
      await core.handlers['library:reingest']({ documentId: job!.docId }, ctx());
      await core.ingest.waitFor([job!.docId]);
      expect(c.n).toMatchObject({ getChunks: 0, factsRead: 0, factsWrite: 1, copyReads: 1 });
    } finally {
      vi.restoreAllMocks();
      await core.close();
    }
  });

  it('draft then refine: every refined passage reads the facts in hand, never the document again', async () => {
    const file = (await fixtureFiles()).papers[0]!.file;
    const provider = createOllamaProvider({
      host: sim.url,
      chatModel: 'qwen2.5:7b',
      embedModel: 'all-minilm',
    });
    const core = await openCore(tempDir(), provider, { blockTokens: 200, progressive: true });
    try {
      const c = count(core, file);
      const res = await core.handlers['library:import']({ paths: [file] }, ctx());
      c.reset();
      const [job] = await core.ingest.waitFor(res.added.map((a) => a.id));
      if (!job) throw new Error('no job');
      expect(job.status).toBe('done');
      expect(job.payload.progressive?.phase).toBe('refined');
      const refined = [...job.tasks.values()].filter((t) => t.step === 'refine' && t.status === 'done');
      expect(refined.length).toBe(job.payload.chunksTotal);
      expect(refined.length).toBeGreaterThan(2);
      expect(c.n).toEqual({
        getChunks: 0,
        getDocument: 0,
        factsRead: 0,
        factsWrite: 1,
        sourceReads: 1,
        copyReads: 0,
      });
    } finally {
      vi.restoreAllMocks();
      await core.close();
    }
  });
});

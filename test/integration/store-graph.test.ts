import { beforeAll, describe, expect, it } from 'vitest';
import type { Library } from '../../src-main/core/library';
import { entityIdForKey } from '../../src-main/core/store/ids';
import { DOC_A, DOC_B, useTwoPaperLibrary } from './helpers/store-corpus';
import { ingest } from './helpers/store-fixtures';

const AKK = entityIdForKey('akkermansia muciniphila|organism');
const OB = entityIdForKey('obesity|disease');
const OEA = entityIdForKey('oleoylethanolamide|chemical');
const MOUSE = entityIdForKey('mouse|organism');
const EPI = entityIdForKey('intestinal epithelium|anatomy');

let lib: Library;
const library = useTwoPaperLibrary();
beforeAll(() => {
  lib = library();
});

describe('graph store queries', () => {
  it('looks entities up by key, name and alias, and searches names', async () => {
    expect((await lib.graph.lookupEntity({ key: 'obesity|disease' }))[0]?.id).toBe(OB);
    expect((await lib.graph.lookupEntity({ name: 'a. MUCINIPHILA' }))[0]?.id).toBe(AKK);
    const hits = await lib.graph.searchEntities('akkermansia');
    expect(hits[0]?.id).toBe(AKK);
    expect(await lib.graph.searchEntities('no such thing')).toEqual([]);
  });

  it('derives entity fields from evidence', async () => {
    const akk = (await lib.graph.getEntity(AKK))!;
    expect(akk.evidenceCount).toBe(4);
    expect(akk.name).toBe('Akkermansia muciniphila');
    expect(akk.aliases).toEqual(['A. muciniphila', 'Akkermansia']);
    expect(akk.description).toBe('A gut bacterium.');
  });

  it('lists evidence with citation data, for an entity and for a pair', async () => {
    const pair = await lib.graph.listEvidence(AKK, OB);
    expect(pair).toHaveLength(2);
    expect(pair.map((e) => e.docTitle).sort()).toEqual([DOC_B.title, DOC_A.title].sort());
    expect(pair.every((e) => e.page >= 1 && e.docYear === 2020)).toBe(true);
    expect(await lib.graph.listEvidence(AKK)).toHaveLength(5);
  });

  it('finds neighbours with filters', async () => {
    const all = await lib.graph.neighbours(AKK);
    expect(all.map((n) => n.entity.id).sort()).toEqual([OB, OEA, MOUSE, EPI].sort());
    expect(all[0]).toMatchObject({ entity: { id: OB }, evidence: 2, direction: 'out' });
    const out = await lib.graph.neighbours(AKK, { direction: 'out' });
    expect(out.map((n) => n.entity.id)).toEqual([OB]);
    const typed = await lib.graph.neighbours(AKK, { entityTypes: ['chemical'] });
    expect(typed.map((n) => n.entity.id)).toEqual([OEA]);
    const kw = await lib.graph.neighbours(AKK, { keywords: ['controls'] });
    expect(kw.map((n) => n.entity.id)).toEqual([OB]);
    expect(await lib.graph.neighbours(AKK, { minEvidence: 2 })).toHaveLength(1);
  });

  it('expands k hops and finds shortest and next-shortest paths', async () => {
    const exp = await lib.graph.expand([OEA], 2);
    expect(exp.depth[AKK]).toBe(1);
    expect(exp.depth[OB]).toBe(2);
    expect(exp.entities).toHaveLength(5);
    const paths = await lib.graph.paths(OEA, OB);
    expect(paths[0]).toMatchObject({ entityIds: [OEA, AKK, OB], length: 2 });
    expect(paths[0]!.hops.map((h) => [h.from, h.to])).toEqual([
      [OEA, AKK],
      [AKK, OB],
    ]);
    // Directed: OEA → AKK → OB holds; the reverse does not.
    expect(await lib.graph.paths(OB, OEA, { direction: 'out' })).toEqual([]);
    expect(await lib.graph.paths(OEA, OB, { minEvidence: 2 })).toEqual([]);
    expect(await lib.graph.paths(MOUSE, EPI, { entityTypes: ['disease'] })).toEqual([]);
    expect((await lib.graph.paths(MOUSE, EPI))[0]?.entityIds).toEqual([MOUSE, AKK, EPI]);
  });

  it('returns a subgraph for the explorer', async () => {
    const sg = await lib.graph.subgraph({ top: 3 });
    expect(sg.nodes[0]?.id).toBe(AKK);
    expect(sg.nodes).toHaveLength(3);
    expect(sg.edges.length).toBeGreaterThan(0);
  });

  it('merges entities and undoes the merge', async () => {
    const before = await lib.graph.counts();
    const m = await lib.graph.mergeEntities(AKK, MOUSE);
    const akk = (await lib.graph.getEntity(AKK))!;
    expect(await lib.graph.getEntity(MOUSE)).toBeNull();
    expect(akk.name).toBe('Akkermansia muciniphila');
    expect(akk.aliases).toContain('mice');
    expect(akk.evidenceCount).toBe(5);
    expect((await lib.graph.lookupEntity({ key: 'mouse|organism' }))[0]?.id).toBe(AKK);
    expect((await lib.graph.counts()).evidence).toBe(before.evidence);
    await lib.graph.undoMerge(m.id);
    const mouse = (await lib.graph.getEntity(MOUSE))!;
    expect(mouse).toMatchObject({ name: 'mice', evidenceCount: 1 });
    expect((await lib.graph.getEntity(AKK))!.aliases).toEqual(['A. muciniphila', 'Akkermansia']);
    expect(await lib.graph.listEvidence(MOUSE, AKK)).toHaveLength(1);
    await expect(lib.graph.undoMerge(m.id)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('folds automatically into a survivor made from a key, pinning nothing, and undoes that too', async () => {
    const key = 'a muciniphila strain|organism';
    const NEW = entityIdForKey(key);
    const m = await lib.graph.mergeEntities(NEW, AKK, { automatic: true, survivorKey: key });
    expect(await lib.graph.getEntity(AKK)).toBeNull();
    const e = (await lib.graph.getEntity(NEW))!;
    // Name and aliases stay derived from the mentions: nothing pinned, no manual alias added.
    expect(e).toMatchObject({ canonicalKey: key, name: 'Akkermansia muciniphila' });
    const pin = (await lib.graph.canonicalGraph()).entities.find((x) => x.id === NEW);
    expect(pin?.pinned).toBe('');
    expect(e.aliases).toEqual(['A. muciniphila', 'Akkermansia']);
    expect((await lib.graph.lookupEntity({ key: 'akkermansia muciniphila|organism' }))[0]?.id).toBe(NEW);
    await lib.graph.undoMerge(m.id);
    // The survivor existed only to receive the fold: with its evidence back home it is gone.
    expect(await lib.graph.getEntity(NEW)).toBeNull();
    expect((await lib.graph.getEntity(AKK))!.name).toBe('Akkermansia muciniphila');
    expect(await lib.graph.listEvidence(MOUSE, AKK)).toHaveLength(1);
  });

  it('persists generic queue records', async () => {
    await lib.jobs.upsertJobs([
      {
        id: 'j1',
        kind: 'ingest',
        docId: DOC_A.id,
        status: 'queued',
        attempts: 0,
        nextRunAt: 0,
        error: null,
        payload: '{}',
      },
    ]);
    await lib.jobs.upsertChunkTasks([
      {
        jobId: 'j1',
        chunkIndex: 0,
        step: 'extract',
        status: 'done',
        attempts: 1,
        nextRunAt: 0,
        error: null,
        output: '{"n":1}',
      },
    ]);
    expect(await lib.jobs.listJobs({ status: ['queued'] })).toMatchObject([{ id: 'j1', docId: DOC_A.id }]);
    expect(await lib.jobs.listChunkTasks('j1')).toMatchObject([{ step: 'extract', output: '{"n":1}' }]);
    await lib.jobs.deleteJobs(['j1']);
    expect(await lib.jobs.getJob('j1')).toBeNull();
  });

  // Last: it leaves folds in place.
  it('sends evidence for a key folded twice to the entity at the end of the chain', async () => {
    await lib.graph.mergeEntities(MOUSE, AKK, { automatic: true });
    await lib.graph.mergeEntities(EPI, MOUSE, { automatic: true });
    await ingest(lib, DOC_A);
    expect(await lib.graph.getEntity(AKK)).toBeNull();
    expect(await lib.graph.getEntity(MOUSE)).toBeNull();
    const epi = (await lib.graph.getEntity(EPI))!;
    expect([epi.name, ...epi.aliases]).toEqual(expect.arrayContaining(['Akkermansia muciniphila', 'mice']));
  });
});

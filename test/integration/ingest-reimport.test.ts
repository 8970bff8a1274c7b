import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

describe('importing a file again', () => {
  it('replaces the earlier version of a changed file, and skips unchanged files in the same import', async () => {
    const dir = tempDir('ariadne-reimport-');
    const notes = path.join(dir, 'notes.md');
    const other = path.join(dir, 'other.md');
    fs.writeFileSync(notes, '# Notes\n\nMetformin activates AMPK in hepatocytes.\n');
    fs.writeFileSync(other, '# Other\n\nRapamycin inhibits mTOR in yeast.\n');
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      const first = await ingestAll(core, [notes, other]);
      fs.writeFileSync(notes, '# Notes\n\nOleoylethanolamide increases Akkermansia muciniphila in mice.\n');
      const second = await ingestAll(core, [notes, other]);
      expect(second.res.added.map((a) => a.duplicate)).toEqual([false, true]);
      const docs = (await core.handlers['library:list']({}, ctx())).documents;
      expect(docs.map((d) => d.id).sort()).toEqual([second.res.added[0]!.id, first.res.added[1]!.id].sort());
      // The earlier version's evidence went with it.
      const graph = core.stores.graph;
      expect(await graph.searchEntities('metformin', 10)).toEqual([]);
      expect((await graph.searchEntities('oleoylethanolamide', 10)).length).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });

  it('finishes a document whose passages name no entity', async () => {
    const dir = tempDir('ariadne-plain-');
    const plain = path.join(dir, 'plain.txt');
    fs.writeFileSync(plain, 'It rained all day, and then it stopped.\n');
    const core = await openCore(tempDir(), createBuiltinProvider());
    try {
      const { jobs } = await ingestAll(core, [plain]);
      expect(jobs.map((j) => [j.status, j.error])).toEqual([['done', null]]);
      expect((await core.stores.graph.counts()).entities).toBe(0);
    } finally {
      await core.close();
    }
  });
});

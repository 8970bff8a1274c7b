import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

describe('ingesting after entities were edited by hand', () => {
  it('attaches new evidence after a manual merge, its undo, a rename and a delete', async () => {
    const dir = tempDir('ariadne-edits-');
    const write = (name: string, text: string) => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, text);
      return f;
    };
    const core = await openCore(tempDir(), createBuiltinProvider());
    const graph = core.stores.graph;
    const find = async (name: string) => (await graph.lookupEntity({ name }))[0];
    try {
      await ingestAll(core, [
        write('a.md', '# A\n\nMetformin activates AMPK in hepatocytes.\n'),
        write('b.md', '# B\n\nRapamycin inhibits mTOR in yeast.\n'),
      ]);
      const metformin = (await find('metformin'))!;
      const rapamycin = (await find('rapamycin'))!;
      const { mergeId } = await core.handlers['graph:merge'](
        { survivorId: rapamycin.id, mergedIds: [metformin.id] },
        ctx(),
      );
      // Resolution no longer offers the merged entity as a candidate to attach evidence to.
      expect(await core.ingest.resolutionEntry(metformin.id)).toBeUndefined();
      expect((await core.ingest.resolutionEntry(rapamycin.id))?.aliases).toContain(metformin.name);
      const c = await ingestAll(core, [write('c.md', '# C\n\nMetformin lowers glucose in patients.\n')]);
      expect(c.jobs.map((j) => j.status)).toEqual(['done']);
      expect(await graph.getEntity(metformin.id)).toBeNull();
      expect((await find('metformin'))?.id).toBe(rapamycin.id);

      await core.handlers['graph:undo-merge']({ mergeId }, ctx());
      expect((await core.ingest.resolutionEntry(metformin.id))?.name).toBe(metformin.name);
      const d = await ingestAll(core, [write('d.md', '# D\n\nMetformin reduces hepatic output.\n')]);
      expect(d.jobs.map((j) => j.status)).toEqual(['done']);
      const back = (await graph.getEntity(metformin.id))!;
      expect(back.evidenceCount).toBeGreaterThan(1);

      await core.handlers['graph:rename']({ entityId: rapamycin.id, name: 'Sirolimus' }, ctx());
      expect((await graph.getEntity(rapamycin.id))!.name).toBe('Sirolimus');
      expect((await core.ingest.resolutionEntry(rapamycin.id))?.name).toBe('Sirolimus');
      // Sirolimus kept the metformin mention that arrived while the two were merged (undo keeps later
      // evidence with the survivor); deleting it leaves metformin's own entity as the only home.
      await core.handlers['graph:delete-entity']({ entityId: rapamycin.id }, ctx());
      expect(await core.ingest.resolutionEntry(rapamycin.id)).toBeUndefined();
      const e = await ingestAll(core, [write('e.md', '# E\n\nMetformin is a biguanide drug.\n')]);
      expect(e.jobs.map((j) => j.status)).toEqual(['done']);
      expect((await find('metformin'))?.id).toBe(metformin.id);
    } finally {
      await core.close();
    }
  });
});

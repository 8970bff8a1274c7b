import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalDump, type Library } from '../../src-main/core/library';
import { entityIdForKey } from '../../src-main/core/store/ids';
import { DOC_A, useTwoPaperLibrary } from './helpers/store-corpus';
import { ingest } from './helpers/store-fixtures';

const AKK = entityIdForKey('akkermansia muciniphila|organism');
const OB = entityIdForKey('obesity|disease');

let lib: Library;
const library = useTwoPaperLibrary();
beforeAll(() => {
  lib = library();
});

describe('entity edits by hand', () => {
  it('renames: the pinned name wins over derived ones and the old name stays an alias', async () => {
    await lib.graph.renameEntity(OB, 'Obesity (BMI ≥ 30)');
    const e = (await lib.graph.getEntity(OB))!;
    expect(e.name).toBe('Obesity (BMI ≥ 30)');
    expect(e.aliases).toContain('obesity');
    await expect(lib.graph.renameEntity(OB, '  ')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(lib.graph.renameEntity('e_missing', 'x')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes an entity with its mentions and relationships, leaving no dangling evidence', async () => {
    const before = await lib.graph.counts();
    const pairs = await lib.graph.neighbours(AKK, {}, 50);
    expect(pairs.length).toBeGreaterThan(0);
    const { neighbourIds } = await lib.graph.deleteEntity(AKK);
    expect(neighbourIds.sort()).toEqual(pairs.map((p) => p.entity.id).sort());
    expect(await lib.graph.getEntity(AKK)).toBeNull();
    const after = await lib.graph.counts();
    expect(after.entities).toBe(before.entities - 1);
    expect(after.evidence).toBeLessThan(before.evidence);
    for (const n of neighbourIds) {
      expect((await lib.graph.neighbours(n, {}, 50)).map((p) => p.entity.id)).not.toContain(AKK);
    }
    const dump = await canonicalDump(lib);
    expect(dump.orphanDetails).toEqual([]);
    expect(dump.chunkEvidence.filter((x) => x.includes('missing'))).toEqual([]);
    await expect(lib.graph.deleteEntity(AKK)).rejects.toMatchObject({ code: 'not_found' });
    // Reading the document again brings it back.
    await ingest(lib, DOC_A);
    expect(await lib.graph.getEntity(AKK)).not.toBeNull();
  });
});

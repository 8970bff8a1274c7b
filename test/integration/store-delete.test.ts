import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalDump, reconcile, type Library } from '../../src-main/core/library';
import { DOC_A, DOC_B } from './helpers/store-corpus';
import { embedEntities, ingest, open, tempDir } from './helpers/store-fixtures';

const dirs: string[] = [];
const libs: Library[] = [];
afterAll(async () => {
  for (const l of libs) await l.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function fresh(): Promise<Library> {
  const d = tempDir();
  dirs.push(d);
  const lib = await open(d);
  libs.push(lib);
  return lib;
}

describe('deleting a document', () => {
  it('leaves the other document exactly as if it had been imported alone', async () => {
    const both = await fresh();
    await ingest(both, DOC_A);
    await ingest(both, DOC_B);
    const before = await both.graph.counts();
    expect(before).toMatchObject({ documents: 2, chunks: 4, entities: 5, evidence: 5 });

    const res = await both.deleteDocument(DOC_A.id);
    // The shared entity lost A's mentions: its derived name and description changed, so re-embed it.
    await embedEntities(both, res.changedEntityIds);
    expect(res.removedEntityIds).toHaveLength(1); // oleoylethanolamide only appeared in A

    const onlyB = await fresh();
    await ingest(onlyB, DOC_B);

    const a = await canonicalDump(both);
    const b = await canonicalDump(onlyB);
    expect(a).toEqual(b);
    expect(a.documents.map((d) => d.id)).toEqual([DOC_B.id]);
    expect(a.entities.find((e) => e.key === 'akkermansia muciniphila|organism')).toMatchObject({
      name: 'A. muciniphila',
      evidenceCount: 2,
    });
    expect((await reconcile(both)).inconsistencies).toBe(0);
  });

  it('is atomic per document and refuses unknown ids', async () => {
    const lib = await fresh();
    await expect(lib.deleteDocument('f'.repeat(64))).rejects.toMatchObject({ code: 'not_found' });
  });
});

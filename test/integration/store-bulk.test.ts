import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalDump, type Library } from '../../src-main/core/library';
import type { ChunkEvidence } from '../../src-main/core/store/types';
import { open, tempDir } from './helpers/store-fixtures';
import { syntheticDoc } from './helpers/store-synthetic';

const dirs: string[] = [];
const libs: Library[] = [];
afterAll(async () => {
  for (const l of libs) await l.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

type Doc = ReturnType<typeof syntheticDoc>;
const evidenceOf = (doc: Doc): ChunkEvidence[] =>
  doc.chunks.map((c, i) => ({ docId: doc.id, chunkIndex: i, ...c.evidence }));

/** Documents, their evidence (then the first document's again, which replaces it) and communities. */
async function build(docs: Doc[], bulk: boolean): Promise<Library> {
  const d = tempDir();
  dirs.push(d);
  const lib = await open(d);
  libs.push(lib);
  for (const doc of docs) {
    await lib.graph.upsertDocument({ id: doc.id, title: doc.title, status: 'ready', year: 2021 });
    await lib.graph.upsertChunks(
      doc.id,
      doc.chunks.map((c, i) => ({
        index: i,
        text: c.text,
        pageStart: 1,
        pageEnd: 1,
        charStart: 0,
        charEnd: 1,
      })),
    );
  }
  for (const doc of [...docs, docs[0]!]) await lib.graph.addEvidence(evidenceOf(doc), { bulk });
  const ids = (await lib.graph.listIds('entities')).sort();
  const top = { id: 'top', level: 1, title: 'All', summary: '', memberIds: ids };
  const parts = Array.from({ length: 3 }, (_, c) => ({
    id: `c${c}`,
    level: 0,
    title: `Part ${c}`,
    summary: '',
    parentId: 'top',
    memberIds: ids.filter((_, i) => i % 3 === c),
  }));
  await lib.graph.upsertCommunities([top, ...parts], { bulk });
  return lib;
}

describe('bulk writes', () => {
  it('COPY under the checkpoint guard gives the same graph as writing relationship by relationship', async () => {
    const docs = Array.from({ length: 3 }, (_, i) => syntheticDoc(i, 60, 20));
    const [a, b] = [await build(docs, false), await build(docs, true)];
    const rowWise = await canonicalDump(a);
    expect(rowWise.evidence.length).toBeGreaterThan(50);
    expect(rowWise.structure.filter((s) => s.rel === 'IN_COMMUNITY').length).toBe(
      2 * rowWise.entities.length,
    );
    expect(await canonicalDump(b)).toEqual(rowWise);
  });
});

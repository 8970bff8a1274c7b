import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Library } from '../../src-main/core/library';
import { entityIdForKey } from '../../src-main/core/store/ids';
import type { SyntheticDoc } from './helpers/store-fixtures';
import { ingest, open, tempDir } from './helpers/store-fixtures';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const CHUNKS = 10;
const PER_CHUNK = 42;
const key = (c: number, i: number) => `term ${c}-${i}|concept`;

/** A paper whose every passage mentions its own 42 entities, as a long refined passage does. */
function paper(description: string): SyntheticDoc {
  return {
    id: 'a'.repeat(64),
    title: 'A paper of many terms',
    chunks: Array.from({ length: CHUNKS }, (_, c) => ({
      text: `Passage ${c} names many terms.`,
      evidence: {
        entities: Array.from({ length: PER_CHUNK }, (_, i) => ({
          key: key(c, i),
          name: `term ${c}-${i}`,
          type: 'concept',
          description: `${description} ${c}-${i}.`,
          confidence: 0.9,
        })),
        relations: [],
      },
    })),
  };
}

/**
 * Refinement replaces a passage's draft evidence in one transaction that then derives its entities' fields
 * from their mentions. With the draft checkpointed, Kùzu 0.11.3 read the replacing links back wrong inside
 * that transaction (one link, 42 times), and the refresh deleted live entities and orphaned their mentions.
 */
describe('replacing checkpointed evidence of a passage', () => {
  let lib: Library | undefined;
  afterAll(() => lib?.close());

  it('keeps every entity of the passage, each with its one mention, and leaves no mention orphaned', async () => {
    const dir = tempDir('ariadne-replace-ckpt-');
    dirs.push(dir);
    // Every write checkpoints: the draft's links are in the data file when the refinement replaces them.
    lib = await open(dir, { checkpointWalBytes: 1 });
    await ingest(lib, paper('Draft'));
    const refined = paper('Refined').chunks[0]!;
    await lib.graph.addEvidence([{ docId: 'a'.repeat(64), chunkIndex: 0, ...refined.evidence }]);

    const ids = Array.from({ length: PER_CHUNK }, (_, i) => entityIdForKey(key(0, i)));
    const entities = await lib.graph.getEntities(ids);
    expect(entities).toHaveLength(PER_CHUNK);
    expect(entities.map((e) => e.evidenceCount)).toEqual(ids.map(() => 1));
    expect(entities.every((e) => e.description.startsWith('Refined'))).toBe(true);
    const dump = await lib.graph.canonicalGraph();
    expect(dump.orphanDetails).toEqual([]);
  });
});

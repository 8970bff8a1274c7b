import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger, type Clock } from '../../src-main/core/deps';
import type { GraphStore } from '../../src-main/core/store/graph-store';
import { openGraphStore, type KuzuGraphStore } from '../../src-main/core/store/kuzu/graph-store';
import { openVectorStore } from '../../src-main/core/store/lancedb/vector-store';
import { createMemoryGraphStore } from '../../src-main/core/store/memory/graph-store';
import { createMemoryJobStore } from '../../src-main/core/store/memory/job-store';
import { openMemoryVectorIndex } from '../../src-main/core/store/memory/vector-index';
import type { EmbeddingInfo } from '../../src-main/core/store/vector-index';
import { graphStoreContract } from '../store-contract/graph-store-contract';
import { jobStoreContract } from '../store-contract/job-store-contract';
import { AKK, DOC_A, EPI, MOUSE, OB, loadBoth } from '../store-contract/graph-corpus';
import { manualClock, type Opened } from '../store-contract/opened';
import { vectorIndexContract } from '../store-contract/vector-index-contract';
import { tempDir } from './helpers/store-fixtures';

// One contract, every backend: Kùzu and LanceDB in temp dirs, and the in-memory implementation.
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const freshDir = () => {
  const d = tempDir('ariadne-contract-');
  dirs.push(d);
  return d;
};

/** A Kùzu store in a new folder; reopening closes it and opens the same database again. */
async function openKuzu(clock: Clock): Promise<Opened<KuzuGraphStore>> {
  const file = path.join(freshDir(), 'graph.kuzu');
  const openAt = () => openGraphStore(file, { clock, log: createMemoryLogger() });
  const opened: Opened<KuzuGraphStore> = {
    store: await openAt(),
    async reopen() {
      await opened.store.close();
      opened.store = await openAt();
      return opened.store;
    },
    close: () => opened.store.close(),
  };
  return opened;
}

/** Memory stores "reopen" as the same object: their data lives as long as it does. */
function inMemory<T>(store: T): Opened<T> {
  return { store, reopen: async () => store, close: async () => undefined };
}

jobStoreContract('Kùzu', openKuzu);
jobStoreContract('memory', async (clock) => inMemory(createMemoryJobStore(clock)));

vectorIndexContract('LanceDB', () => {
  let info: EmbeddingInfo | null = null;
  return openVectorStore(freshDir(), {
    record: { get: () => info, set: async (i) => void (info = i) },
    log: createMemoryLogger(),
  });
});
vectorIndexContract('memory', async () => openMemoryVectorIndex());

graphStoreContract('Kùzu', openKuzu);
graphStoreContract('memory', async (clock) => inMemory(createMemoryGraphStore(clock)));

// Passing the same suite is not the whole proof: the same writes must leave the same graph in both.
describe('Kùzu and memory hold the same graph after the same writes', () => {
  it('loads, merges, renames, deletes and re-chunks to equal canonical graphs', async () => {
    const clock = manualClock();
    const kuzu = await openKuzu(clock);
    const memory = createMemoryGraphStore(clock);
    try {
      for (const g of [kuzu.store, memory]) {
        await loadBoth(g);
        await g.mergeEntities(AKK, MOUSE);
        await g.renameEntity(OB, 'Obesity (BMI ≥ 30)');
        await g.upsertCommunities([{ id: 'k', level: 0, title: 't', summary: 's', memberIds: [AKK, EPI] }]);
        await g.deleteEntity(EPI);
        await g.upsertChunks(
          DOC_A.id,
          [{ index: 0, text: 'x', pageStart: 1, pageEnd: 1, charStart: 0, charEnd: 1 }],
          {
            replace: true,
          },
        );
      }
      expect(await memory.canonicalGraph()).toEqual(await kuzu.store.canonicalGraph());
      expect(await memory.expand([OB], 3)).toEqual(await kuzu.store.expand([OB], 3));
      // The order of an entity's documents is not part of the contract.
      const listed = async (g: GraphStore) =>
        (await g.listEntities()).entities.map((e) => ({
          ...e,
          documents: [...e.documents].sort((a, b) => a.id.localeCompare(b.id)),
        }));
      expect(await listed(memory)).toEqual(await listed(kuzu.store));
      expect(await memory.paths(OB, AKK)).toEqual(await kuzu.store.paths(OB, AKK));
    } finally {
      await kuzu.close();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createMemoryLogger, type Clock } from '../../src-main/core/deps';
import { openGraphStore, type KuzuGraphStore } from '../../src-main/core/store/kuzu/graph-store';
import { openVectorStore } from '../../src-main/core/store/lancedb/vector-store';
import { createMemoryGraphStore } from '../../src-main/core/store/memory/graph-store';
import { createMemoryJobStore } from '../../src-main/core/store/memory/job-store';
import { openMemoryVectorIndex } from '../../src-main/core/store/memory/vector-index';
import type { EmbeddingInfo } from '../../src-main/core/store/vector-index';
import { graphStoreContract } from '../store-contract/graph-store-contract';
import { jobStoreContract } from '../store-contract/job-store-contract';
import type { Opened } from '../store-contract/opened';
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

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger, systemClock, type Clock } from '../../src-main/core/deps';
import { openLibrary } from '../../src-main/core/library';
import type { GraphStore } from '../../src-main/core/store/graph-store';
import { graphBackends, openGraphBackend, type OpenedGraph } from '../../src-main/core/store/backends';
import { openVectorStore } from '../../src-main/core/store/lancedb/vector-store';
import { openMemoryVectorIndex } from '../../src-main/core/store/memory-vectors/vector-index';
import type { EmbeddingInfo } from '../../src-main/core/store/vector-index';
import { graphStoreContract } from '../store-contract/graph-store-contract';
import { jobStoreContract } from '../store-contract/job-store-contract';
import { AKK, DOC_A, EPI, MOUSE, OB, loadBoth } from '../store-contract/graph-corpus';
import { manualClock, type Opened } from '../store-contract/opened';
import { vectorIndexContract } from '../store-contract/vector-index-contract';
import { ingest, tempDir } from './helpers/store-fixtures';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { openCore } from './ingest/harness';

// One contract, every backend: each registered graph backend (Kùzu in a temp dir, memory), LanceDB in a temp
// dir and the in-memory vector index.
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const freshDir = () => {
  const d = tempDir('ariadne-contract-');
  dirs.push(d);
  return d;
};

/**
 * How each registered graph backend comes back after a restart: Kùzu reopens its folder; the memory backend
 * keeps its data only in the object, so "reopening" hands back the same one. A backend registered in
 * store/backends.ts without an entry here fails the first test below.
 */
const persistent: Record<string, boolean> = { kuzu: true, memory: false };

const CONTRACT_WAL_BYTES = 256 * 1024;

/** Opens a registered graph backend on a new folder. */
async function openBackend(name: string, clock: Clock): Promise<Opened<OpenedGraph>> {
  const dir = freshDir();
  // Kùzu checkpoints after a write that leaves more than this in its WAL (32 MB in a library): small here,
  // so the suites run on checkpointed data and on data written since, as a long-lived library does.
  const openAt = () =>
    openGraphBackend(name, dir, { clock, log: createMemoryLogger(), checkpointWalBytes: CONTRACT_WAL_BYTES });
  const opened: Opened<OpenedGraph> = {
    store: await openAt(),
    async reopen() {
      if (!persistent[name]) return opened.store;
      await opened.store.graph.close();
      opened.store = await openAt();
      return opened.store;
    },
    close: () => opened.store.graph.close(),
  };
  return opened;
}

/** One of the stores a backend opened, followed across reopens. */
function part<T>(o: Opened<OpenedGraph>, pick: (g: OpenedGraph) => T): Opened<T> {
  return {
    get store() {
      return pick(o.store);
    },
    reopen: async () => pick(await o.reopen()),
    close: () => o.close(),
  };
}

describe('graph backends', () => {
  it('every registered graph backend runs the contract suites', () => {
    expect(Object.keys(graphBackends).filter((n) => !(n in persistent))).toEqual([]);
  });

  it('a library opens on the memory backend by name, and its graph starts empty on every open', async () => {
    const dir = freshDir();
    const at = () =>
      openLibrary({ dataDir: dir, clock: systemClock, log: createMemoryLogger(), graphBackend: 'memory' });
    const lib = await at();
    await ingest(lib, DOC_A);
    expect(await lib.graph.counts()).toMatchObject({ documents: 1, chunks: 2, entities: 3 });
    expect(await lib.vectors.count('chunks')).toBe(2);
    await lib.close();
    expect(fs.existsSync(path.join(dir, 'graph.kuzu'))).toBe(false);
    const again = await at();
    try {
      // The graph is the source of truth: with none kept, reconciliation drops the vectors left on disk.
      expect((await again.graph.counts()).documents).toBe(0);
      expect((await again.reconciled()).deleted.chunks).toHaveLength(2);
      expect(await again.vectors.count('chunks')).toBe(0);
    } finally {
      await again.close();
    }
  });

  it('a library keeps the graph backend it was made with, and refuses another', async () => {
    const at = (dataDir: string, graphBackend?: string) =>
      openLibrary({ dataDir, clock: systemClock, log: createMemoryLogger(), graphBackend });
    const settingsOf = (dir: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8')) as { graphBackend?: string };
    const mem = freshDir();
    await (await at(mem, 'memory')).close();
    expect(settingsOf(mem).graphBackend).toBe('memory');
    const again = await at(mem);
    expect(again.graphBackend).toBe('memory');
    await again.close();
    await expect(at(mem, 'kuzu')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fs.existsSync(path.join(mem, 'graph.kuzu'))).toBe(false);

    // A Kùzu library, also one made before the backend was recorded: its vectors are never reconciled
    // against an empty memory graph.
    const kz = freshDir();
    const lib = await at(kz);
    await ingest(lib, DOC_A);
    await lib.close();
    expect(settingsOf(kz).graphBackend).toBe('kuzu');
    const { graphBackend: _g, ...legacy } = settingsOf(kz);
    fs.writeFileSync(path.join(kz, 'settings.json'), JSON.stringify(legacy));
    await expect(at(kz, 'memory')).rejects.toThrow(/kept by the "kuzu" backend/);
    await expect(at(freshDir(), 'sqlite')).rejects.toThrow(
      `Unknown graph backend "sqlite" (known: ${Object.keys(graphBackends).join(', ')}).`,
    );
    const back = await at(kz);
    try {
      expect(await back.vectors.count('chunks')).toBe(2);
    } finally {
      await back.close();
    }
  });

  it('the core opens a new library on the backend its dependencies name', async () => {
    const dir = freshDir();
    const core = await openCore(dir, createBuiltinProvider(), {}, undefined, 'memory');
    try {
      expect(core.deps.graphBackend).toBe('memory');
      await core.stores.graph.upsertDocument({ id: 'd', title: 'T', status: 'ready' });
      expect((await core.stores.graph.counts()).documents).toBe(1);
    } finally {
      await core.close();
    }
    expect(fs.existsSync(path.join(dir, 'graph.kuzu'))).toBe(false);
    const plain = await openCore(freshDir(), createBuiltinProvider());
    try {
      expect(plain.deps.graphBackend).toBe('kuzu');
    } finally {
      await plain.close();
    }
  });
});

for (const name of Object.keys(graphBackends)) {
  graphStoreContract(name, async (clock) => part(await openBackend(name, clock), (o) => o.graph));
  jobStoreContract(name, async (clock) => part(await openBackend(name, clock), (o) => o.jobs));
}

vectorIndexContract('LanceDB', () => {
  let info: EmbeddingInfo | null = null;
  return openVectorStore(freshDir(), {
    record: { get: () => info, set: async (i) => void (info = i) },
    log: createMemoryLogger(),
  });
});
vectorIndexContract('memory', async () => openMemoryVectorIndex());

// Passing the same suite is not the whole proof: the same writes must leave the same graph in both.
describe('Kùzu and memory hold the same graph after the same writes', () => {
  it('loads, merges, renames, deletes and re-chunks to equal canonical graphs', async () => {
    const clock = manualClock();
    const kuzu = part(await openBackend('kuzu', clock), (o) => o.graph);
    const memory = part(await openBackend('memory', clock), (o) => o.graph).store;
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

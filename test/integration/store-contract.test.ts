import fs from 'node:fs';
import { afterAll } from 'vitest';
import { createMemoryLogger } from '../../src-main/core/deps';
import { openVectorStore } from '../../src-main/core/store/lancedb/vector-store';
import { openMemoryVectorIndex } from '../../src-main/core/store/memory/vector-index';
import type { EmbeddingInfo } from '../../src-main/core/store/vector-index';
import { vectorIndexContract } from '../store-contract/vector-index-contract';
import { tempDir } from './helpers/store-fixtures';

// One contract, every backend: LanceDB (and Kùzu) in temp dirs, and the in-memory implementation.
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const freshDir = () => {
  const d = tempDir('ariadne-contract-');
  dirs.push(d);
  return d;
};

vectorIndexContract('LanceDB', () => {
  let info: EmbeddingInfo | null = null;
  return openVectorStore(freshDir(), {
    record: { get: () => info, set: async (i) => void (info = i) },
    log: createMemoryLogger(),
  });
});

vectorIndexContract('memory', async () => openMemoryVectorIndex());

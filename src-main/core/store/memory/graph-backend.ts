import type { GraphBackendOpener } from '../backend-types';
import { createGraphStore } from '../domain/create-graph-store';
import { createMemoryJobStore } from './job-store';
import { createMemoryPort } from './memory-port';

/** The memory backend as registered in store/backends.ts: the library folder is neither read nor written. */
export const openMemoryGraph: GraphBackendOpener = async (_dataDir, { clock }) => ({
  graph: createGraphStore(createMemoryPort(), clock),
  jobs: createMemoryJobStore(clock),
});

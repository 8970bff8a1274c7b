import { afterEach, describe } from 'vitest';
import type { GraphStore } from '../../src-main/core/store/graph-store';
import { citationsContract } from './graph/citations';
import { communitiesContract } from './graph/communities';
import { documentsContract } from './graph/documents';
import { entitiesContract } from './graph/entities';
import { evidenceContract } from './graph/evidence';
import { readsContract } from './graph/reads';
import { walksContract } from './graph/walks';
import { loadBoth } from './graph-corpus';
import { manualClock, type Opened, type OpenStore } from './opened';

/**
 * What every GraphStore must do, on the two-paper corpus: documents and chunks, evidence with spans and
 * pages, derived entity fields, lookups, edits by hand and merges with their undo, walks, communities,
 * questions, the named reads, ids and counts, atomic failures and persistence. The parts live in graph/.
 */
export function graphStoreContract(backend: string, open: OpenStore<GraphStore>): void {
  describe(`GraphStore contract: ${backend}`, () => {
    const clock = manualClock();
    let opened: Opened<GraphStore> | undefined;
    const fresh = async () => {
      opened = await open(clock);
      return opened.store;
    };
    const both = async () => {
      const g = await fresh();
      await loadBoth(g);
      return g;
    };
    const reopen = async () => {
      if (!opened) throw new Error('No store is open.');
      return opened.reopen();
    };
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    const ctx = { clock, fresh, both, reopen, open };
    documentsContract(ctx);
    evidenceContract(ctx);
    entitiesContract(ctx);
    walksContract(ctx);
    readsContract(ctx);
    communitiesContract(ctx);
    citationsContract(ctx);
  });
}

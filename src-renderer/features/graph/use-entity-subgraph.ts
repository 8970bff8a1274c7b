import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subgraph } from '../../../src-main/contract/graph';
import { describeError, type UiClient } from '../../api/rpc';
import { useGraphStore, type Lod } from '../../stores/graph-store';

declare global {
  interface Window {
    /** Test and benchmark hook: feed the explorer a subgraph without a backend, read render stats. */
    __ariadneExplorer?: {
      load(sg: Subgraph, lod?: Lod): void;
      stats: { nodes: number; edges: number; ms: number } | null;
    };
  }
}

/**
 * Loads the best-connected entities into the graph store (not on the paper map), again when communities
 * arrive, and installs the `window.__ariadneExplorer` hook: a subgraph fed through it stays, unreplaced
 * by a load.
 */
export function useEntitySubgraph(api: UiClient, papers: boolean) {
  const lod = useGraphStore((s) => s.lod);
  const filters = useGraphStore((s) => s.filters);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const injected = useRef(false);
  const limit = lod === 'communities' ? 20000 : Math.max(lod, 2000);
  const load = useCallback(() => {
    if (injected.current || papers) return;
    setLoading(true);
    setError(null);
    api
      .call('graph:subgraph', {
        mode: 'top',
        limit,
        filters: {
          direction: 'both',
          minEvidence: 1,
          ...(filters.documentId ? { documentIds: [filters.documentId] } : {}),
        },
      })
      .then((sg) => {
        if (injected.current) return;
        useGraphStore.getState().setSubgraph(sg);
        useGraphStore.getState().autoLod(readableLod(sg.totalEntities));
      })
      .catch((e) => setError(describeError(e).message))
      .finally(() => setLoading(false));
  }, [api, limit, filters.documentId, papers]);
  useEffect(load, [load]);
  // Communities are computed in the background once ingestion settles: recolour when they arrive.
  useEffect(() => api.on('graph:communities-changed', load), [api, load]);

  useEffect(() => {
    window.__ariadneExplorer = {
      stats: null,
      load(sg, lod) {
        injected.current = true;
        if (lod) useGraphStore.getState().setLod(lod);
        else useGraphStore.getState().autoLod(readableLod(sg.totalEntities));
        useGraphStore.getState().setMode('entities');
        useGraphStore.getState().setSubgraph(sg);
      },
    };
    return () => void delete window.__ariadneExplorer;
  }, []);
  return { load, loading, error, setError };
}

/**
 * The level of detail a library's size calls for, until the reader picks one: everything when it is small,
 * the 300 best-connected entities (labelled) up to a few thousand, and one node per named community beyond.
 */
export function readableLod(entities: number): Lod {
  if (entities <= 300) return 300;
  if (entities <= 6000) return 300;
  return 'communities';
}

import { useEffect, useState } from 'react';
import type { GraphSearchResult } from '../../../src-main/contract/graph';
import { describeError, type UiClient } from '../../api/rpc';
import { useGraphStore } from '../../stores/graph-store';

/** Which end of a search a candidate entity is pinned to. */
export type SearchPin = { id: string; which: 'from' | 'to' };

/**
 * The graph's term search: the paths it finds are highlighted (their nodes added to the canvas when
 * outside the loaded top-N), and the entities they touch framed (`focus`).
 */
export function useGraphSearch(api: UiClient, papers: boolean, onError: (message: string) => void) {
  const [term, setTerm] = useState('');
  const [to, setTo] = useState('');
  const [result, setResult] = useState<GraphSearchResult | null>(null);
  const [searching, setSearching] = useState(false);
  const [focus, setFocus] = useState<{ keys: string[]; token: number } | null>(null);

  // The search result lives in this view: its highlight must not outlive it, with no Clear button left.
  useEffect(() => () => useGraphStore.getState().clearPaths(), []);

  const search = async (pin?: SearchPin) => {
    if (!term.trim()) return;
    const st = useGraphStore.getState();
    if (papers) st.setMode('entities');
    setSearching(true);
    try {
      const r = await api.call('graph:search', {
        term: term.trim(),
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(pin?.which === 'from' ? { entityId: pin.id } : {}),
        ...(pin?.which === 'to' ? { toEntityId: pin.id } : {}),
      });
      setResult(r);
      // Path nodes outside the loaded top-N are added, so every highlighted path is on the canvas.
      const cur = useGraphStore.getState().subgraph;
      const have = new Set(cur?.nodes.map((n) => n.id));
      // The entity the term names is framed and labelled even when no path leaves it.
      const named = r.match === 'entity' || r.match === 'ambiguous' ? r.from.candidates.slice(0, 1) : [];
      const extra = [...r.paths.flatMap((p) => p.nodes), ...named.map((c) => c.entity)].filter(
        (n) => !have.has(n.id),
      );
      if (extra.length)
        st.mergeSubgraph({
          nodes: [...new Map(extra.map((n) => [n.id, { ...n, degree: 1 }])).values()],
          edges: r.paths.flatMap((p) =>
            p.edges.map((e) => ({
              source: e.source,
              target: e.target,
              weight: e.evidenceCount,
              keywords: e.keywords,
            })),
          ),
          totalEntities: cur?.totalEntities ?? 0,
          truncated: cur?.truncated ?? false,
        });
      st.setPaths(r.paths);
      const keys = [
        ...new Set([...named.map((c) => c.entity.id), ...r.paths.flatMap((p) => p.nodes.map((n) => n.id))]),
      ];
      setFocus(keys.length ? { keys, token: Date.now() } : null);
    } catch (e) {
      setResult(null);
      st.setPaths([]);
      onError(describeError(e).message);
    } finally {
      setSearching(false);
    }
  };
  const clear = () => {
    setResult(null);
    setFocus(null);
    const st = useGraphStore.getState();
    st.setPaths([]);
    st.setPanel(null);
  };
  return { term, setTerm, to, setTo, result, searching, focus, search, clear };
}

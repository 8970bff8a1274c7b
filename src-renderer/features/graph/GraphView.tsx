import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GraphSearchResult, Subgraph } from '../../../src-main/contract/graph';
import { describeError, useRpc } from '../../api/rpc';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../stores/app-store';
import { useGraphStore, type Lod } from '../../stores/graph-store';
import { useLibraryStore } from '../../stores/library-store';
import { useViewerStore } from '../../stores/viewer-store';
import { EdgePanel } from './EdgePanel';
import { EntityPanel } from './EntityPanel';
import { GraphFiltersBar } from './GraphFiltersBar';
import { GraphLegend } from './GraphLegend';
import { EntityList } from './EntityList';
import { buildView } from './graph-model';
import { MergeReview } from './MergeReview';
import { PaperMapView } from './PaperMapView';
import { PaperPanel } from './PaperPanel';
import { SearchPanel } from './SearchPanel';
import { useDark } from './use-dark';
import { edgeId, SigmaCanvas, type Highlight } from './SigmaCanvas';

declare global {
  interface Window {
    /** Test and benchmark hook: feed the explorer a subgraph without a backend, read render stats. */
    __ariadneExplorer?: {
      load(sg: Subgraph, lod?: Lod): void;
      stats: { nodes: number; edges: number; ms: number } | null;
    };
  }
}

export function GraphView() {
  const api = useRpc();
  const st = useGraphStore();
  const { subgraph, lod, filters, colorBy, hidden, paths, focusPath, selection, panel } = st;
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [term, setTerm] = useState('');
  const [to, setTo] = useState('');
  const [result, setResult] = useState<GraphSearchResult | null>(null);
  const [searching, setSearching] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const injected = useRef(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const searchRequest = useAppStore((s) => s.searchRequest);
  const docCount = useLibraryStore((s) => s.documents.length);
  const dark = useDark();
  // A library of many papers opens on its paper map; a few papers on their entities.
  const mode = st.mode ?? (docCount > PAPER_MAP_FIRST ? 'papers' : 'entities');
  const [focus, setFocus] = useState<{ keys: string[]; token: number } | null>(null);

  useEffect(() => {
    if (searchRequest) searchBox.current?.focus();
  }, [searchRequest]);

  const limit = lod === 'communities' ? 20000 : Math.max(lod, 2000);
  const load = useCallback(() => {
    if (injected.current || mode === 'papers') return;
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
  }, [api, limit, filters.documentId, mode]);
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

  const view = useMemo(
    () => (subgraph ? buildView(subgraph, { filters, lod, colorBy, hidden, paths, dark }) : null),
    [subgraph, filters, lod, colorBy, hidden, paths, dark],
  );
  const highlight = useMemo<Highlight | null>(() => {
    const shown = focusPath != null ? paths.slice(focusPath, focusPath + 1) : paths;
    const named = focus && !paths.length ? focus.keys : [];
    if (shown.length === 0 && named.length === 0) return null;
    // One node per community at that level of detail: light up the communities the paths run through,
    // or every node would be faded.
    const community = new Map(subgraph?.nodes.map((n) => [n.id, `community:${n.communityId ?? 'none'}`]));
    const key = (id: string) => (lod === 'communities' ? (community.get(id) ?? 'community:none') : id);
    return {
      nodes: new Set([...shown.flatMap((p) => p.nodes.map((n) => key(n.id))), ...named.map(key)]),
      edges: new Set(shown.flatMap((p) => p.edges.map((e) => edgeId(key(e.source), key(e.target))))),
    };
  }, [paths, focusPath, lod, subgraph, focus]);

  // The search result lives in this view: its highlight must not outlive it, with no Clear button left.
  useEffect(() => () => useGraphStore.getState().clearPaths(), []);

  const search = async (pin?: { id: string; which: 'from' | 'to' }) => {
    if (!term.trim()) return;
    if (mode === 'papers') st.setMode('entities');
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
      setError(describeError(e).message);
    } finally {
      setSearching(false);
    }
  };
  const clearSearch = () => {
    setResult(null);
    setFocus(null);
    st.setPaths([]);
    st.setPanel(null);
  };

  const onNode = (key: string) => {
    if (key.startsWith('community:')) {
      st.setFilters({ communityId: key.slice('community:'.length) === 'none' ? null : key.slice(10) });
      st.setLod(2000);
    } else st.select({ kind: 'node', id: key });
  };

  const empty = subgraph && subgraph.totalEntities === 0 && subgraph.nodes.length === 0;
  const closePanel = () => {
    st.setPanel(null);
    searchBox.current?.focus();
  };
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!panel) return;
    // Esc closes the panel wherever focus is in the view, and also when the control that had it went away
    // (an accepted group of duplicates). A dialog handles its own Esc first.
    const onKey = (e: KeyboardEvent) => {
      // Focus in the view, or on what holds it (the page, or <main> after a click on the canvas).
      const at = document.activeElement;
      const el = section.current;
      const here = !at || !el || el.contains(at) || at.contains(el);
      const modal = useViewerStore.getState().source !== null || document.querySelector('dialog[open]');
      if (e.key === 'Escape' && !e.defaultPrevented && here && !modal) {
        e.preventDefault();
        useGraphStore.getState().setPanel(null);
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel]);
  const panelBody =
    panel === 'review' ? (
      <MergeReview />
    ) : panel === 'paper' && st.paper ? (
      <PaperPanel id={st.paper} />
    ) : mode === 'entities' && panel === 'search' && result ? (
      <SearchPanel result={result} onPick={(id, which) => void search({ id, which })} />
    ) : mode === 'entities' && panel === 'selection' && selection?.kind === 'node' ? (
      <EntityPanel id={selection.id} />
    ) : mode === 'entities' && panel === 'selection' && selection?.kind === 'edge' ? (
      <EdgePanel source={selection.source} target={selection.target} />
    ) : null;
  const aside = panelBody && (
    <aside className="side-panel" aria-label="Details">
      <button
        type="button"
        className="icon-btn panel-close"
        aria-label="Close the panel"
        onClick={closePanel}
      >
        ×
      </button>
      {panelBody}
    </aside>
  );
  return (
    <section ref={section} className="view graph-layout" aria-labelledby="graph-title">
      <header className="view-header">
        <h1 id="graph-title">Graph</h1>
        <div className="segmented" role="group" aria-label="What the graph shows">
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={mode === 'papers'}
            onClick={() => st.setMode('papers')}
            data-testid="mode-papers"
          >
            Papers
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={mode === 'entities'}
            onClick={() => st.setMode('entities')}
            data-testid="mode-entities"
          >
            Entities
          </button>
        </div>
        <form
          className="graph-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Icon name="search" size={16} />
          <input
            ref={searchBox}
            className="input"
            type="search"
            placeholder="Search a term (Ctrl+K)"
            aria-label="Search term"
            aria-keyshortcuts="ArrowDown"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={(e) => {
              // One key from the search box to the results.
              if (e.key !== 'ArrowDown' || !result || panel !== 'search') return;
              const list = document.querySelector<HTMLElement>(
                '[data-testid="search-results"] [role="listbox"]',
              );
              if (list) {
                e.preventDefault();
                list.focus();
              }
            }}
            data-testid="graph-search"
          />
          <input
            className="input to-input"
            type="search"
            placeholder="…to (optional)"
            aria-label="Connect to term"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={!term.trim() || searching}>
            {searching ? 'Searching…' : 'Find paths'}
          </button>
          {result && (
            <button type="button" className="btn" onClick={clearSearch}>
              Clear
            </button>
          )}
        </form>
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          onClick={() => st.setPanel(panel === 'review' ? null : 'review')}
          aria-pressed={panel === 'review'}
        >
          Review duplicates
        </button>
      </header>
      {error && (
        <ErrorBanner
          message={error}
          onRetry={() => {
            setError(null);
            load();
          }}
        />
      )}
      {mode === 'papers' ? (
        <div className="graph-body">
          <PaperMapView />
          {aside}
        </div>
      ) : empty ? (
        <EmptyState
          title="No entities yet"
          action={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => useAppStore.getState().setSection('library')}
            >
              Go to the Library
            </button>
          }
        >
          <p>
            Once a document has been read, its entities and their evidence appear here. Add a paper in the
            Library first.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="graph-toolbar">
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={listOpen}
              onClick={() => setListOpen(!listOpen)}
              data-testid="entity-list-toggle"
            >
              Entity list
            </button>
            <GraphFiltersBar />
          </div>
          <div className="graph-body">
            {listOpen && view && (
              <EntityList
                view={view}
                selected={selection?.kind === 'node' ? selection.id : null}
                onPick={onNode}
              />
            )}
            <div className="graph-stage">
              {view && (
                <SigmaCanvas
                  view={view}
                  layoutView={lod === 'communities' ? 'communities' : 'entities'}
                  highlight={highlight}
                  selected={selection?.kind === 'node' ? selection.id : null}
                  labelled={view.labelled}
                  frame={focus}
                  onNode={onNode}
                  onEdge={(s, t) => st.select({ kind: 'edge', source: s, target: t })}
                  onStage={() => st.select(null)}
                  onRendered={(s) => window.__ariadneExplorer && (window.__ariadneExplorer.stats = s)}
                />
              )}
              {view && view.nodes.length > 0 && (
                <GraphLegend view={view} by={lod === 'communities' ? 'community' : colorBy} />
              )}
              <div className="graph-caption muted small" data-testid="graph-caption" data-label-obstacle="">
                {loading && !view
                  ? 'Loading the graph…'
                  : view && subgraph
                    ? `Showing ${view.nodes.length.toLocaleString()} ${lod === 'communities' ? 'communities' : 'entities'} of ${Math.max(subgraph.totalEntities, subgraph.nodes.length).toLocaleString()}`
                    : ''}
              </div>
            </div>
            {aside}
          </div>
        </>
      )}
    </section>
  );
}

/** Above this many papers the Graph opens on the paper map. */
const PAPER_MAP_FIRST = 50;

/**
 * The level of detail a library's size calls for, until the reader picks one: everything when it is small,
 * the 300 best-connected entities (labelled) up to a few thousand, and one node per named community beyond.
 */
export function readableLod(entities: number): Lod {
  if (entities <= 300) return 300;
  if (entities <= 6000) return 300;
  return 'communities';
}

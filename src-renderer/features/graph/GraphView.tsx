import { useEffect, useMemo, useRef, useState } from 'react';
import { useRpc } from '../../api/rpc';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAppStore } from '../../stores/app-store';
import { useGraphStore } from '../../stores/graph-store';
import { useLibraryStore } from '../../stores/library-store';
import { EdgePanel } from './EdgePanel';
import { EntityPanel } from './EntityPanel';
import { GoToLibrary } from './GoToLibrary';
import { GraphFiltersBar } from './GraphFiltersBar';
import { GraphLegend } from './GraphLegend';
import { GraphModeSwitch } from './GraphModeSwitch';
import { GraphSearchForm } from './GraphSearchForm';
import { EntityList } from './EntityList';
import { buildView } from './graph-model';
import { MergeReview } from './MergeReview';
import { PaperMapView } from './PaperMapView';
import { PaperPanel } from './PaperPanel';
import { SearchPanel } from './SearchPanel';
import { useDark } from './use-dark';
import { useEntitySubgraph } from './use-entity-subgraph';
import { useGraphSearch } from './use-graph-search';
import { usePanelEscape } from './use-panel-escape';
import { edgeId, SigmaCanvas, type Highlight } from './SigmaCanvas';

export function GraphView() {
  const api = useRpc();
  const st = useGraphStore();
  const { subgraph, lod, filters, colorBy, hidden, paths, focusPath, selection, panel } = st;
  const [listOpen, setListOpen] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const searchRequest = useAppStore((s) => s.searchRequest);
  const docCount = useLibraryStore((s) => s.documents.length);
  const dark = useDark();
  // A library of many papers opens on its paper map; a few papers on their entities.
  const mode = st.mode ?? (docCount > PAPER_MAP_FIRST ? 'papers' : 'entities');
  const { load, loading, error, setError } = useEntitySubgraph(api, mode === 'papers');
  const s = useGraphSearch(api, mode === 'papers', setError);
  const { result, focus } = s;

  useEffect(() => {
    if (searchRequest) searchBox.current?.focus();
  }, [searchRequest]);

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
  usePanelEscape(panel, section, searchBox);
  const panelBody =
    panel === 'review' ? (
      <MergeReview />
    ) : panel === 'paper' && st.paper ? (
      <PaperPanel id={st.paper} />
    ) : mode === 'entities' && panel === 'search' && result ? (
      <SearchPanel result={result} onPick={(id, which) => void s.search({ id, which })} />
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
        <GraphModeSwitch mode={mode} onMode={st.setMode} />
        <GraphSearchForm s={s} searchBox={searchBox} resultsOpen={panel === 'search'} />
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
        <EmptyState title="No entities yet" action={<GoToLibrary />}>
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

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PaperMap } from '../../../src-main/contract/citations';
import type { Contradiction } from '../../../src-main/contract/contradictions';
import { describeError, useRpc } from '../../api/rpc';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBanner } from '../../components/ErrorBanner';
import { GoToLibrary } from './GoToLibrary';
import { useGraphStore } from '../../stores/graph-store';
import { GraphLegend } from './GraphLegend';
import { paperView, type PaperSize } from './paper-map-model';
import { SigmaCanvas } from './SigmaCanvas';
import { useDark } from './use-dark';

/**
 * The paper map: the library's papers linked by the citations between them and by the specific entities
 * they share, grouped in named communities. A library of more than ~50 papers opens on it.
 */
export function PaperMapView() {
  const api = useRpc();
  const dark = useDark();
  const openPaper = useGraphStore((s) => s.openPaper);
  const paper = useGraphStore((s) => s.paper);
  const panel = useGraphStore((s) => s.panel);
  const [map, setMap] = useState<PaperMap | null>(null);
  const [disagreements, setDisagreements] = useState<Contradiction[]>([]);
  const [showDisagreements, setShowDisagreements] = useState(true);
  const [size, setSize] = useState<PaperSize>('entities');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .call('citations:paper-map', { linksPerPaper: 4 })
      .then(setMap, (e) => setError(describeError(e).message));
    // Disagreements are a layer on top: the map stands without them.
    api.call('graph:contradictions', { limit: 1000 }).then(
      (r) => setDisagreements(r.contradictions),
      () => setDisagreements([]),
    );
  }, [api]);
  useEffect(load, [load]);
  useEffect(() => api.on('library:changed', load), [api, load]);

  const view = useMemo(
    () =>
      map ? paperView(map, { size, dark, disagreements: showDisagreements ? disagreements : [] }) : null,
    [map, size, dark, disagreements, showDisagreements],
  );
  const cites = map?.edges.filter((e) => e.kind === 'cites').length ?? 0;
  const shared = map?.edges.filter((e) => e.kind === 'shared').length ?? 0;
  const disagreeing = view?.edges.filter((e) => e.kind === 'disagrees').length ?? 0;

  if (error) return <ErrorBanner message={error} onRetry={load} />;
  if (map && map.nodes.length === 0)
    return (
      <EmptyState title="No papers yet" action={<GoToLibrary />}>
        <p>
          Papers appear here once they are read, linked by the citations between them and the entities they
          share.
        </p>
      </EmptyState>
    );
  return (
    <div className="graph-stage-wrap" data-testid="paper-map">
      <div className="graph-toolbar" role="group" aria-label="Paper map options">
        <label className="field-inline">
          <span>Size by</span>
          <select className="input" value={size} onChange={(e) => setSize(e.target.value as PaperSize)}>
            <option value="entities">entities</option>
            <option value="citations">citations in this library</option>
          </select>
        </label>
        <label className="field-inline">
          <input
            type="checkbox"
            checked={showDisagreements}
            onChange={(e) => setShowDisagreements(e.target.checked)}
          />
          <span>Show disagreements</span>
        </label>
      </div>
      <div className="graph-stage">
        {view && (
          <SigmaCanvas
            view={view}
            layoutView="papers"
            noun="papers"
            highlight={null}
            selected={panel === 'paper' ? paper : null}
            labelled={view.labelled}
            onNode={(id) => openPaper(id)}
            onEdge={(s) => openPaper(s)}
            onStage={() => openPaper(null)}
          />
        )}
        {view && view.nodes.length > 0 && (
          <GraphLegend view={view} by="community" edges={{ cites, shared, disagreeing }} />
        )}
        <div className="graph-caption muted small" data-testid="paper-map-caption" data-label-obstacle="">
          {!map
            ? 'Loading the paper map…'
            : `${map.nodes.length.toLocaleString()} papers · ${cites} citation${cites === 1 ? '' : 's'} in this library · ${shared} links by shared entities${disagreeing ? ` · ${disagreeing} disagreeing` : ''}`}
        </div>
      </div>
    </div>
  );
}

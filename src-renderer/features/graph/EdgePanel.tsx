import { useCallback, useEffect, useState } from 'react';
import type { Evidence } from '../../../src-main/contract/graph';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';
import { plural } from '../../lib/format';
import { useGraphStore } from '../../stores/graph-store';
import { CitationLink } from './CitationLink';

/** Every piece of evidence behind one relationship: RELATED keeps one row per piece. */
export function EdgePanel({ source, target }: { source: string; target: string }) {
  const api = useRpc();
  const names = useGraphStore((s) => s.subgraph?.nodes);
  const name = (id: string) => names?.find((n) => n.id === id)?.name ?? id;
  const [ev, setEv] = useState<Evidence[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.call('graph:edge-evidence', { source, target }).then(
      (r) => setEv(r.evidence),
      (e) => setError(describeError(e).message),
    );
  }, [api, source, target]);
  useEffect(load, [load]);

  return (
    <div className="panel-body" data-testid="edge-panel">
      <h2 className="panel-title">
        {name(source)} — {name(target)}
      </h2>
      {error && <ErrorBanner message={error} onRetry={load} />}
      {!ev && !error && <p className="muted">Loading…</p>}
      {ev && <p className="muted small">{plural(ev.length, 'piece', 'pieces')} of evidence</p>}
      <ul className="evidence-list">
        {ev?.map((e, i) => (
          <li key={i}>
            <div>
              <strong>{e.keywords.join(', ') || 'related'}</strong>{' '}
              <span className="muted small">confidence {Math.round(e.confidence * 100)}%</span>
            </div>
            <div>{e.description}</div>
            <blockquote>“{e.citation.quote}”</blockquote>
            <CitationLink c={e.citation} />
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { EntityListItem } from '../../../src-main/contract/graph';
import { describeError, useRpc } from '../../api/rpc';
import { useGraphStore } from '../../stores/graph-store';
import { useLibraryStore } from '../../stores/library-store';
import { useViewerStore } from '../../stores/viewer-store';
import { CitationLists } from '../citations/CitationLists';
import { Disagreements } from './Disagreements';

/**
 * A paper of the map: what it cites and what cites it in the library, its references not in the library,
 * its most mentioned entities (each opens the entity with its evidence) and where its evidence disagrees.
 */
export function PaperPanel({ id }: { id: string }) {
  const api = useRpc();
  const doc = useLibraryStore((s) => s.documents.find((d) => d.id === id));
  const { openPaper, setMode, select, setFilters } = useGraphStore();
  const [entities, setEntities] = useState<EntityListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setEntities(null);
    api.call('graph:entities', { documentId: id, limit: 15 }).then(
      (r) => live && setEntities(r.entities),
      (e) => live && setError(describeError(e).message),
    );
    return () => {
      live = false;
    };
  }, [api, id]);
  const title = doc?.title || doc?.fileName || 'Paper';
  const showEntity = (entityId: string) => {
    setMode('entities');
    setFilters({ documentId: id });
    select({ kind: 'node', id: entityId });
  };
  return (
    <div className="panel-body" data-testid="paper-panel">
      <h2 className="panel-title">{title}</h2>
      <p className="muted small">
        {[doc?.authors.slice(0, 3).join(', ') + ((doc?.authors.length ?? 0) > 3 ? ' et al.' : ''), doc?.year]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="actions" role="group" aria-label="Paper actions">
        {doc?.kind === 'pdf' && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => useViewerStore.getState().open({ documentId: id, title, page: 1, quote: '' })}
          >
            Open
          </button>
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setMode('entities');
            setFilters({ documentId: id });
          }}
        >
          Its entity graph
        </button>
      </div>
      <h3>Entities it names most</h3>
      {error && <p className="muted small">{error}</p>}
      {!entities ? (
        <p className="muted small">Loading…</p>
      ) : entities.length === 0 ? (
        <p className="muted small">No entities.</p>
      ) : (
        <ul className="plain paper-entities" data-testid="paper-entities">
          {entities.map((e) => (
            <li key={e.id}>
              <button type="button" className="chip" onClick={() => showEntity(e.id)}>
                {e.name} <span className="muted">{e.mentionCount}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Disagreements documentIds={[id]} title="Where its evidence disagrees" />
      <h3>Citations</h3>
      <CitationLists documentId={id} onOpen={(other) => openPaper(other)} />
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Citation, EntityDetail, ResolvedTerm } from '../../../src-main/contract/graph';
import { describeError, useRpc } from '../../api/rpc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { plural } from '../../lib/format';
import { useGraphStore } from '../../stores/graph-store';
import { useNoticeStore } from '../../stores/notice-store';
import { CitationLink } from './CitationLink';
import { typeColor } from './palette';
import { useDark } from './use-dark';
import { Disagreements } from './Disagreements';

type Detail = z.infer<typeof EntityDetail>;

/** Everything about one entity, with the curation actions a scientist needs while reading the graph. */
export function EntityPanel({ id }: { id: string }) {
  const api = useRpc();
  const dark = useDark();
  const { select, hide, mergeSubgraph, removeNode } = useGraphStore();
  const [d, setD] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<'view' | 'rename' | 'merge' | 'delete'>('view');
  const [text, setText] = useState('');
  const [cands, setCands] = useState<ResolvedTerm['candidates']>([]);
  const note = useNoticeStore((s) => s.push);

  const load = useCallback(() => {
    setError(null);
    api.call('graph:entity', { entityId: id }).then(setD, (e) => setError(describeError(e).message));
  }, [api, id]);
  useEffect(() => {
    setD(null);
    setMode('view');
    load();
  }, [load]);

  const act = async (f: () => Promise<unknown>, ok: string) => {
    try {
      await f();
      note('ok', ok);
      setMode('view');
      load();
    } catch (e) {
      note('error', describeError(e).message);
    }
  };
  const expand = () =>
    act(
      async () =>
        mergeSubgraph(await api.call('graph:subgraph', { mode: 'neighbours', entityId: id, limit: 200 })),
      'Neighbours added to the view.',
    );
  const findMerge = async (term: string) => {
    setText(term);
    if (term.trim().length < 2) return setCands([]);
    const r = await api.call('graph:resolve', { term }).catch(() => null);
    setCands(r?.candidates.filter((c) => c.entity.id !== id) ?? []);
  };

  if (error) return <ErrorBanner message={error} onRetry={load} />;
  if (!d) return <p className="muted pad">Loading…</p>;
  const e = d.entity;
  return (
    <div className="panel-body" data-testid="entity-panel">
      <h2 className="panel-title">{e.name}</h2>
      <div className="entity-meta">
        {/* The type's colour is a swatch, the text keeps the theme's colour: coloured text on the panel
            fell to 2.1:1 contrast for light hues. */}
        <span className="type-tag" style={{ borderColor: typeColor(e.type, dark) }}>
          <span className="swatch" style={{ background: typeColor(e.type, dark) }} aria-hidden="true" />
          {e.type}
        </span>
        <span className="muted small">{plural(e.evidenceCount, 'piece', 'pieces')} of evidence</span>
      </div>
      {e.aliases.length > 0 && <p className="muted small">Also: {e.aliases.join(', ')}</p>}
      {/* The built-in engine describes an entity with the sentence it came from, quoted below: say it once. */}
      {e.description && !d.evidence.some((ev) => ev.citation.quote.trim() === e.description.trim()) && (
        <p>{e.description}</p>
      )}
      <div className="actions" role="group" aria-label="Entity actions">
        <button type="button" className="btn btn-small" onClick={expand}>
          Expand neighbours
        </button>
        <button type="button" className="btn btn-small" onClick={() => hide(id)}>
          Hide
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setText(e.name);
            setMode('rename');
          }}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setText('');
            setCands([]);
            setMode('merge');
          }}
        >
          Merge with…
        </button>
        <button type="button" className="btn btn-small btn-ghost-danger" onClick={() => setMode('delete')}>
          Delete
        </button>
      </div>
      {mode === 'rename' && (
        <form
          className="inline-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            void act(
              () => api.call('graph:rename', { entityId: id, name: text.trim() }),
              'Renamed; the old name is kept as an alias.',
            );
          }}
        >
          <input
            className="input"
            aria-label="New name"
            value={text}
            onChange={(ev) => setText(ev.target.value)}
            autoFocus
          />
          <button type="submit" className="btn btn-primary btn-small" disabled={!text.trim()}>
            Save
          </button>
          <button type="button" className="btn btn-small" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'merge' && (
        <div className="inline-form column">
          <input
            className="input"
            aria-label="Entity to merge into this one"
            placeholder="Find the duplicate…"
            value={text}
            onChange={(ev) => void findMerge(ev.target.value)}
            autoFocus
          />
          <ul className="plain">
            {cands.slice(0, 8).map((c) => (
              <li key={c.entity.id}>
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    void act(
                      () => api.call('graph:merge', { survivorId: id, mergedIds: [c.entity.id] }),
                      `Merged “${c.entity.name}” into “${e.name}”.`,
                    )
                  }
                >
                  Merge “{c.entity.name}” ({c.entity.type}) into this
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {mode === 'delete' && (
        <ConfirmDialog
          title={`Delete “${e.name}”?`}
          confirmLabel="Delete entity"
          danger
          onCancel={() => setMode('view')}
          onConfirm={() =>
            void act(async () => {
              await api.call('graph:delete-entity', { entityId: id });
              removeNode(id);
            }, 'Entity deleted.')
          }
        >
          <p>
            The entity and its {plural(e.evidenceCount, 'piece', 'pieces')} of evidence are removed. Documents
            are not changed; reading them again would find it again.
          </p>
        </ConfirmDialog>
      )}
      <Disagreements entityId={id} />
      <h3>Evidence</h3>
      <ul className="evidence-list">
        {groupByQuote(d.evidence)
          .slice(0, 50)
          .map((g) => (
            <li key={g.key}>
              <blockquote>“{g.citation.quote}”</blockquote>
              <div className="small">
                {/* Some models describe a relationship with the very sentence quoted above: say it once. */}
                {g.descriptions.filter((x) => x.trim() !== g.citation.quote.trim()).join(' · ')}{' '}
                <CitationLink c={g.citation} />
              </div>
            </li>
          ))}
        {d.evidence.length === 0 && <li className="muted">No evidence quotes.</li>}
      </ul>
      <h3>Neighbours ({d.neighbours.length})</h3>
      <ul className="plain neighbours">
        {d.neighbours.slice(0, 60).map((n) => (
          <li key={n.id}>
            <button type="button" className="link" onClick={() => select({ kind: 'node', id: n.id })}>
              {n.name}
            </button>
            <span className="muted small">
              {' '}
              {n.type} · {n.evidenceCount}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Evidence = { description: string; citation: Citation };

/**
 * One sentence often supports several relationships of the same entity; listing it once per relationship
 * showed the same quote three times. Group by document and quote, keep each distinct description.
 */
function groupByQuote(evidence: Evidence[]) {
  const groups = new Map<string, { key: string; citation: Citation; descriptions: string[] }>();
  for (const ev of evidence) {
    const key = `${ev.citation.documentId}\u0000${ev.citation.quote.trim()}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { key, citation: ev.citation, descriptions: [ev.description] });
    else if (!g.descriptions.includes(ev.description)) g.descriptions.push(ev.description);
  }
  return [...groups.values()];
}

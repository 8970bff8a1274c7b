import { useMemo, useState } from 'react';
import type { ViewModel } from './graph-model';

const SHOWN = 300;

/**
 * The drawn entities as a searchable list beside the canvas: the keyboard and screen-reader way into the
 * graph, which a WebGL canvas cannot offer. Choosing an entry selects the node as a click would.
 */
export function EntityList({
  view,
  selected,
  onPick,
}: {
  view: ViewModel;
  selected: string | null;
  onPick(key: string): void;
}) {
  const [q, setQ] = useState('');
  const hits = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return view.nodes
      .filter((n) => !needle || n.label.toLowerCase().includes(needle) || n.type.includes(needle))
      .sort((a, b) => b.evidence - a.evidence || a.label.localeCompare(b.label));
  }, [view, q]);
  return (
    <aside className="entity-list" aria-label="Entities in the graph" data-testid="entity-list">
      <input
        className="input"
        type="search"
        placeholder="Find in the graph"
        aria-label="Find an entity in the graph"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <p className="muted small" aria-live="polite">
        {hits.length.toLocaleString()} of {view.nodes.length.toLocaleString()}
        {hits.length > SHOWN ? ` — the ${SHOWN} with most evidence listed` : ''}
      </p>
      <ul className="plain">
        {hits.slice(0, SHOWN).map((n) => (
          <li key={n.key}>
            <button
              type="button"
              className={n.key === selected ? 'entity-item current' : 'entity-item'}
              aria-current={n.key === selected ? 'true' : undefined}
              onClick={() => onPick(n.key)}
            >
              <span className="swatch" style={{ background: n.color }} aria-hidden="true" />
              <span className="entity-name">{n.label}</span>
              <span className="muted small">{n.members ? `${n.members} entities` : n.type}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

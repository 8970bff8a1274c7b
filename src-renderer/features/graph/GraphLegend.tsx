import { useMemo, useState } from 'react';
import type { ViewModel } from './graph-model';
import { OTHER_COLOR, typeColor } from './palette';

/** What the colours mean, with counts of what is drawn: one entry per type, or per large community. */
export function GraphLegend({ view, by }: { view: ViewModel; by: 'type' | 'community' }) {
  const [open, setOpen] = useState(true);
  const types = useMemo(() => {
    const t = new Map<string, number>();
    for (const n of view.nodes) t.set(n.type, (t.get(n.type) ?? 0) + 1);
    return [...t].sort((a, b) => b[1] - a[1]);
  }, [view]);
  const c = view.communities;

  return (
    <div
      className="graph-legend"
      data-testid="graph-legend"
      aria-label="Colour legend"
      role="group"
      data-label-obstacle=""
      data-fit-avoid=""
    >
      <button
        type="button"
        className="legend-toggle small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {by === 'type' ? 'Types' : 'Communities'}
      </button>
      {open && (
        <ul className="legend-list small">
          {by === 'type'
            ? types.map(([t, n]) => (
                <li key={t}>
                  <span className="swatch" style={{ background: typeColor(t) }} aria-hidden="true" />
                  <span className="legend-name">{t}</span>
                  <span className="muted">{n.toLocaleString()}</span>
                </li>
              ))
            : c.entries.map((e, i) => (
                <li key={e.id}>
                  <span className="swatch" style={{ background: e.color }} aria-hidden="true" />
                  <span className="legend-name">Community {i + 1}</span>
                  <span className="muted">{e.count.toLocaleString()}</span>
                </li>
              ))}
          {by === 'community' && c.entries.length === 0 && (
            <li className="muted">Communities are computed after reading settles.</li>
          )}
          {by === 'community' && c.other.communities > 0 && (
            <li>
              <span className="swatch" style={{ background: OTHER_COLOR }} aria-hidden="true" />
              <span className="legend-name">
                Other ({c.other.communities.toLocaleString()} smaller communities)
              </span>
              <span className="muted">{c.other.count.toLocaleString()}</span>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

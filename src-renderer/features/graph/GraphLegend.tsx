import { useMemo, useState } from 'react';
import type { ViewModel } from './graph-model';
import { OTHER_COLOR, readable, typeColor } from './palette';
import { useDark } from './use-dark';

/** What the colours mean, with counts of what is drawn: one entry per type, or per large community. */
export function GraphLegend({
  view,
  by,
  edges,
}: {
  view: ViewModel;
  by: 'type' | 'community';
  /** The paper map's kinds of link, with their counts. */
  edges?: { cites: number; shared: number; disagreeing: number };
}) {
  const [open, setOpen] = useState(true);
  const dark = useDark();
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
                  <span className="swatch" style={{ background: typeColor(t, dark) }} aria-hidden="true" />
                  <span className="legend-name">{t}</span>
                  <span className="muted">{n.toLocaleString()}</span>
                </li>
              ))
            : c.entries.map((e) => (
                <li key={e.id}>
                  <span className="swatch" style={{ background: e.color }} aria-hidden="true" />
                  <span className="legend-name">{view.names.get(e.id) ?? 'Unnamed community'}</span>
                  <span className="muted">{e.count.toLocaleString()}</span>
                </li>
              ))}
          {by === 'community' && c.entries.length === 0 && !edges && (
            <li className="muted">Communities are computed after reading settles.</li>
          )}
          {by === 'community' && c.other.communities > 0 && (
            <li>
              <span
                className="swatch"
                style={{ background: readable(OTHER_COLOR, dark) }}
                aria-hidden="true"
              />
              <span className="legend-name">
                Other ({c.other.communities.toLocaleString()} smaller communities)
              </span>
              <span className="muted">{c.other.count.toLocaleString()}</span>
            </li>
          )}
          {edges && (
            <>
              <li>
                <span className="edge-key cites" aria-hidden="true" />
                <span className="legend-name">cites (arrow to the cited paper)</span>
                <span className="muted">{edges.cites}</span>
              </li>
              <li>
                <span className="edge-key shared" aria-hidden="true" />
                <span className="legend-name">shares specific entities</span>
                <span className="muted">{edges.shared}</span>
              </li>
              {edges.disagreeing > 0 && (
                <li>
                  <span className="edge-key disagrees" aria-hidden="true" />
                  <span className="legend-name">evidence disagrees</span>
                  <span className="muted">{edges.disagreeing}</span>
                </li>
              )}
            </>
          )}
        </ul>
      )}
    </div>
  );
}

import { useMemo } from 'react';
import { useGraphStore, type Lod } from '../../stores/graph-store';
import { useLibraryStore } from '../../stores/library-store';
import { Popover } from '../../components/Popover';
import { ExportMenu } from './ExportMenu';
import { communityNames } from './graph-model';
import { typeColor } from './palette';
import { useDark } from './use-dark';

const LODS: { v: Lod; label: string }[] = [
  { v: 300, label: 'Top 300 by degree' },
  { v: 500, label: 'Top 500 by degree' },
  { v: 2000, label: 'Top 2,000 by degree' },
  { v: 5000, label: 'Top 5,000 by degree' },
  { v: 20000, label: 'Top 20,000 by degree' },
  { v: 'communities', label: 'Communities (one node each)' },
];

export function GraphFiltersBar() {
  const { subgraph, filters, setFilters, lod, setLod, colorBy, setColorBy, hidden, unhideAll } =
    useGraphStore();
  const docs = useLibraryStore((s) => s.documents);
  const dark = useDark();
  // The names the legend shows, so a community is called the same everywhere.
  const names = useMemo(() => (subgraph ? communityNames(subgraph) : new Map<string, string>()), [subgraph]);
  const { types, communities } = useMemo(() => {
    const t = new Map<string, number>();
    const c = new Map<string, number>();
    for (const n of subgraph?.nodes ?? []) {
      t.set(n.type, (t.get(n.type) ?? 0) + 1);
      if (n.communityId) c.set(n.communityId, (c.get(n.communityId) ?? 0) + 1);
    }
    return {
      types: [...t].sort((a, b) => b[1] - a[1]),
      communities: [...c].sort((a, b) => b[1] - a[1]).slice(0, 200),
    };
  }, [subgraph]);
  const toggleType = (t: string) =>
    setFilters({
      types: filters.types.includes(t) ? filters.types.filter((x) => x !== t) : [...filters.types, t],
    });

  const typeLabel = filters.types.length
    ? `Types: ${filters.types.length} of ${types.length}`
    : `Types: all ${types.length}`;
  return (
    <div className="graph-filters" role="group" aria-label="Graph filters">
      <Popover label={typeLabel}>
        <div className="type-options" role="group" aria-label="Entity types">
          {types.map(([t, n]) => (
            <label key={t} className="type-option">
              <input type="checkbox" checked={filters.types.includes(t)} onChange={() => toggleType(t)} />
              <span className="swatch" style={{ background: typeColor(t, dark) }} aria-hidden="true" />
              <span className="type-name">{t}</span>
              <span className="muted small">{n.toLocaleString()}</span>
            </label>
          ))}
          {filters.types.length > 0 && (
            <button type="button" className="btn btn-small" onClick={() => setFilters({ types: [] })}>
              Show all types
            </button>
          )}
        </div>
      </Popover>
      <label className="field-inline">
        <span>Min. evidence</span>
        <input
          className="input num"
          type="number"
          min={1}
          max={99}
          value={filters.minEvidence}
          onChange={(e) => setFilters({ minEvidence: Math.max(1, Number(e.target.value) || 1) })}
        />
      </label>
      <label className="field-inline">
        <span>Community</span>
        <select
          className="input"
          value={filters.communityId ?? ''}
          onChange={(e) => setFilters({ communityId: e.target.value || null })}
        >
          <option value="">All</option>
          {communities.map(([c, n]) => (
            <option key={c} value={c}>
              {names.get(c) ?? 'Unnamed community'} ({n})
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span>Document</span>
        <select
          className="input doc-select"
          value={filters.documentId ?? ''}
          onChange={(e) => setFilters({ documentId: e.target.value || null })}
        >
          <option value="">All documents</option>
          {docs.map((d) => (
            <option key={d.id} value={d.id}>
              {d.title || d.fileName}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span>Detail</span>
        <select
          className="input"
          value={String(lod)}
          aria-label="Level of detail"
          onChange={(e) =>
            setLod(e.target.value === 'communities' ? 'communities' : (Number(e.target.value) as Lod))
          }
        >
          {LODS.map((l) => (
            <option key={String(l.v)} value={String(l.v)}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span>Colour</span>
        <select
          className="input"
          value={colorBy}
          onChange={(e) => setColorBy(e.target.value as 'type' | 'community')}
        >
          <option value="type">by type</option>
          <option value="community">by community</option>
        </select>
      </label>
      <ExportMenu />
      {hidden.size > 0 && (
        <button type="button" className="btn btn-small" onClick={unhideAll}>
          Show {hidden.size} hidden
        </button>
      )}
    </div>
  );
}

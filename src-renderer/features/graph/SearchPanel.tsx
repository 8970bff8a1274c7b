import type { GraphSearchResult } from '../../../src-main/contract/graph';
import { useGraphStore } from '../../stores/graph-store';
import { CitationLink } from './CitationLink';

/** The paths from a term: each hop with its best evidence line and the page it came from. */
export function SearchPanel({
  result,
  onPick,
}: {
  result: GraphSearchResult;
  onPick(entityId: string, which: 'from' | 'to'): void;
}) {
  const { focusPath, setFocusPath, select } = useGraphStore();
  const names = new Map(result.paths.flatMap((p) => p.nodes.map((n) => [n.id, n.name] as const)));
  const ambiguous = [result.from, result.to].filter((r) => r?.ambiguous);

  return (
    <div className="panel-body" data-testid="search-results">
      <h2 className="panel-title">
        {result.paths.length} path{result.paths.length === 1 ? '' : 's'} from “{result.from.term}”
        {result.to ? ` to “${result.to.term}”` : ''}
      </h2>
      <p className="muted small">found in {Math.round(result.tookMs)} ms</p>
      {ambiguous.map((r) => (
        <div key={r!.term} className="notice">
          “{r!.term}” could mean several entities. Pick one:
          <div className="chips">
            {r!.candidates.slice(0, 6).map((c) => (
              <button
                key={c.entity.id}
                type="button"
                className="chip"
                onClick={() => onPick(c.entity.id, r === result.from ? 'from' : 'to')}
              >
                {c.entity.name} <span className="muted">({c.entity.type})</span>
              </button>
            ))}
          </div>
        </div>
      ))}
      {result.paths.length === 0 && (
        <p className="muted">
          {result.from.candidates.length === 0
            ? 'No entity matches this term. Try a synonym, or check the spelling.'
            : 'The term was found, but no relationships with evidence connect it within the hop limit.'}
        </p>
      )}
      <ol className="paths" aria-label="Paths">
        {result.paths.map((p, i) => (
          <li
            key={i}
            className={focusPath === i ? 'path active' : 'path'}
            onMouseEnter={() => setFocusPath(i)}
            onMouseLeave={() => setFocusPath(null)}
            onFocus={() => setFocusPath(i)}
            data-testid="path"
          >
            <div className="path-chain">
              {p.nodes.map((n, j) => (
                <span key={n.id}>
                  {j > 0 && <span className="arrow"> → </span>}
                  <button type="button" className="link" onClick={() => select({ kind: 'node', id: n.id })}>
                    {n.name}
                  </button>
                </span>
              ))}
            </div>
            <ul className="evidence-lines">
              {p.edges.map((e, j) => (
                <li key={j}>
                  <span className="muted">
                    {names.get(e.reversed ? e.target : e.source)} —{' '}
                    {e.keywords.slice(0, 3).join(', ') || 'related'} →{' '}
                    {names.get(e.reversed ? e.source : e.target)}:
                  </span>{' '}
                  {e.best.description} <CitationLink c={e.best.citation} />
                  {e.evidenceCount > 1 && (
                    <button
                      type="button"
                      className="link small"
                      onClick={() => select({ kind: 'edge', source: e.source, target: e.target })}
                    >
                      +{e.evidenceCount - 1} more
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

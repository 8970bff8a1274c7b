import { useId, useState } from 'react';
import type { GraphSearchResult, ResolvedTerm } from '../../../src-main/contract/graph';
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
  const { select } = useGraphStore();
  const names = new Map(result.paths.flatMap((p) => p.nodes.map((n) => [n.id, n.name] as const)));
  const ambiguous = [result.from, result.to].flatMap((r) => (r?.ambiguous ? [r] : []));
  // Entities only similar to the term: offered, never searched in its place.
  const similar =
    result.match === 'closest'
      ? [result.from, result.to].flatMap((r) => (r && !r.ambiguous && r.candidates.length ? [r] : []))
      : [];
  const named = result.match === 'entity';

  return (
    <div className="panel-body" data-testid="search-results">
      <h2 className="panel-title">
        {named
          ? `${result.paths.length} path${result.paths.length === 1 ? '' : 's'} from “${result.from.term}”${result.to ? ` to “${result.to.term}”` : ''}`
          : result.match === 'ambiguous'
            ? `“${result.from.term}”${result.to ? ` to “${result.to.term}”` : ''}: which one?`
            : `No entity named “${result.from.term}”${result.to ? ` or “${result.to.term}”` : ''}`}
      </h2>
      <p className="muted small">found in {Math.round(result.tookMs)} ms</p>
      {result.note && (
        <p className="notice" data-testid="search-note">
          {result.note}
        </p>
      )}
      {similar.map((r) => (
        <div key={r.term} className="notice" data-testid="search-closest">
          Closest entities to “{r.term}” (their paths are not the term's):
          <CandidateChips
            term={r}
            onPick={(id) => onPick(id, r === result.from ? 'from' : 'to')}
            detail={(c) => c.score.toFixed(2)}
          />
        </div>
      ))}
      {result.passages.length > 0 && (
        <div data-testid="search-passages">
          <h3 className="small">Passages that contain the term</h3>
          <ul className="evidence-lines">
            {result.passages.map((c) => (
              <li key={`${c.chunkId}:${c.quote}`}>
                {c.quote} <CitationLink c={c} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {ambiguous.map((r) => (
        <div key={r.term} className="notice">
          “{r.term}” could mean several entities. Pick one:
          <CandidateChips
            term={r}
            onPick={(id) => onPick(id, r === result.from ? 'from' : 'to')}
            detail={(c) => `(${c.entity.type})`}
          />
        </div>
      ))}
      {result.paths.length === 0 && (
        <p className="muted">
          {result.match === 'none'
            ? 'Nothing in this library mentions this term. Try a synonym, or check the spelling.'
            : named
              ? 'The term was found, but no relationships with evidence connect it within the hop limit.'
              : ''}
        </p>
      )}
      {result.paths.length > 0 && (
        <PathList result={result} names={names} onEntity={(id) => select({ kind: 'node', id })} />
      )}
    </div>
  );
}

type Candidate = ResolvedTerm['candidates'][number];

/** A term's first six candidate entities as chips; picking one searches from that entity. */
function CandidateChips(props: {
  term: ResolvedTerm;
  onPick(entityId: string): void;
  detail(c: Candidate): string;
}) {
  return (
    <div className="chips">
      {props.term.candidates.slice(0, 6).map((c) => (
        <button key={c.entity.id} type="button" className="chip" onClick={() => props.onPick(c.entity.id)}>
          {c.entity.name} <span className="muted">{props.detail(c)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The paths as a listbox: one key from the search box lands on it, arrows move through the paths (the
 * canvas lights up the one chosen) and the chosen path's hops and evidence are shown below the list.
 */
function PathList(props: {
  result: GraphSearchResult;
  names: Map<string, string>;
  onEntity(entityId: string): void;
}) {
  const { focusPath, setFocusPath, select } = useGraphStore();
  const [active, setActive] = useState(0);
  const paths = props.result.paths;
  const listId = useId();
  const p = paths[Math.min(active, paths.length - 1)];
  const move = (i: number) => {
    const next = Math.max(0, Math.min(paths.length - 1, i));
    setActive(next);
    setFocusPath(next);
    document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: 'nearest' });
  };
  return (
    <>
      <div
        role="listbox"
        tabIndex={0}
        aria-label="Paths"
        aria-activedescendant={`${listId}-${active}`}
        className="paths"
        data-testid="paths-listbox"
        onFocus={() => setFocusPath(active)}
        onBlur={() => setFocusPath(null)}
        onKeyDown={(e) => {
          const to =
            e.key === 'ArrowDown'
              ? active + 1
              : e.key === 'ArrowUp'
                ? active - 1
                : e.key === 'Home'
                  ? 0
                  : e.key === 'End'
                    ? paths.length - 1
                    : null;
          if (to === null) return;
          e.preventDefault();
          move(to);
        }}
      >
        {paths.map((path, i) => (
          <div
            key={i}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={
              i === active ? 'path-option active' : focusPath === i ? 'path-option hover' : 'path-option'
            }
            onClick={() => move(i)}
            onMouseEnter={() => setFocusPath(i)}
            onMouseLeave={() => setFocusPath(null)}
            data-testid="path-option"
          >
            {path.nodes.map((n) => n.name).join(' → ')}
          </div>
        ))}
      </div>
      {p && (
        <div className="path active" data-testid="path" aria-label="The chosen path">
          <div className="path-chain">
            {p.nodes.map((n, j) => (
              <span key={n.id}>
                {j > 0 && <span className="arrow"> → </span>}
                <button type="button" className="link" onClick={() => props.onEntity(n.id)}>
                  {n.name}
                </button>
              </span>
            ))}
          </div>
          <ul className="evidence-lines">
            {p.edges.map((e, j) => (
              <li key={j}>
                <span className="muted">
                  {props.names.get(e.reversed ? e.target : e.source)} —{' '}
                  {e.keywords.slice(0, 3).join(', ') || 'related'} →{' '}
                  {props.names.get(e.reversed ? e.source : e.target)}:
                </span>{' '}
                {e.best.citation.quote} <CitationLink c={e.best.citation} />
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
        </div>
      )}
    </>
  );
}

import type { RefObject } from 'react';
import { Icon } from '../../components/Icon';
import type { useGraphSearch } from './use-graph-search';

/**
 * The graph header's search: a term, an optional second term to connect it to, and Clear once there is a
 * result. ArrowDown in the term box moves to the results list when the search panel shows it.
 */
export function GraphSearchForm({
  s,
  searchBox,
  resultsOpen,
}: {
  s: ReturnType<typeof useGraphSearch>;
  searchBox: RefObject<HTMLInputElement | null>;
  resultsOpen: boolean;
}) {
  return (
    <form
      className="graph-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        void s.search();
      }}
    >
      <Icon name="search" size={16} />
      <input
        ref={searchBox}
        className="input"
        type="search"
        placeholder="Search a term (Ctrl+K)"
        aria-label="Search term"
        aria-keyshortcuts="ArrowDown"
        value={s.term}
        onChange={(e) => s.setTerm(e.target.value)}
        onKeyDown={(e) => {
          // One key from the search box to the results.
          if (e.key !== 'ArrowDown' || !s.result || !resultsOpen) return;
          const list = document.querySelector<HTMLElement>('[data-testid="search-results"] [role="listbox"]');
          if (list) {
            e.preventDefault();
            list.focus();
          }
        }}
        data-testid="graph-search"
      />
      <input
        className="input to-input"
        type="search"
        placeholder="…to (optional)"
        aria-label="Connect to term"
        value={s.to}
        onChange={(e) => s.setTo(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={!s.term.trim() || s.searching}>
        {s.searching ? 'Searching…' : 'Find paths'}
      </button>
      {s.result && (
        <button type="button" className="btn" onClick={s.clear}>
          Clear
        </button>
      )}
    </form>
  );
}

import { useId, useState } from 'react';
import type { Citation } from '../../../src-main/contract/graph';
import { sourceOf, useViewerStore } from '../../stores/viewer-store';
import { citationText } from './citation-text';

/**
 * "(Appetite 2019, p. 3)" as a button that opens the PDF at the passage. Hover or keyboard focus shows the
 * quote itself with its document and page, so a reader can check a claim without leaving the view.
 */
export function CitationLink({ c }: { c: Citation }) {
  const [tip, setTip] = useState(false);
  const id = useId();
  // "pp. 4–5" for a sentence across a page break, "Table 2, p. 6" for a quote from a table.
  const where = citationText(c);
  return (
    <span className="cite-wrap" onMouseEnter={() => setTip(true)} onMouseLeave={() => setTip(false)}>
      <button
        type="button"
        className="cite-link"
        data-testid="citation"
        aria-describedby={c.quote ? id : undefined}
        onFocus={() => setTip(true)}
        onBlur={() => setTip(false)}
        onKeyDown={(e) => e.key === 'Escape' && tip && (e.stopPropagation(), setTip(false))}
        onClick={() => useViewerStore.getState().open(sourceOf(c))}
      >
        {where}
      </button>
      {c.quote && (
        <span role="tooltip" id={id} className="cite-tip" data-testid="citation-tip" hidden={!tip}>
          <q>{c.quote}</q>
          <span className="muted small">
            {c.title}
            {c.label ? `, ${c.label}` : ''}
            {c.page ? `, page ${c.page}` : ''}
          </span>
        </span>
      )}
    </span>
  );
}

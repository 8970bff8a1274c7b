import type { Citation } from '../../../src-main/contract/graph';
import { useViewerStore } from '../../stores/viewer-store';

/** "(Appetite 2019, p. 3)" as a button that opens the PDF at the passage. */
export function CitationLink({ c }: { c: Citation }) {
  const text = `${c.shortTitle || c.title}${c.year ? ` ${c.year}` : ''}${c.page ? `, p. ${c.page}` : ''}`;
  return (
    <button
      type="button"
      className="cite-link"
      data-testid="citation"
      title={`Open ${c.title}${c.page ? ` at page ${c.page}` : ''}`}
      onClick={() =>
        useViewerStore
          .getState()
          .open({ documentId: c.documentId, title: c.title, page: c.page, quote: c.quote })
      }
    >
      {text}
    </button>
  );
}

import { create } from 'zustand';

/** A passage to show: the document, the page and the quote to highlight there. */
export interface SourceRef {
  documentId: string;
  title: string;
  page: number | null;
  quote: string;
  /** [start, end) of the quote in the document's text: the viewer highlights it from the PDF's line geometry. */
  start?: number;
  end?: number;
  /** First and last page of the quote ([4, 5] for "pp. 4–5"). */
  pages?: number[];
  /** The table or figure the quote is in ("Table 2"), when it is one. */
  figure?: string;
  /** "[3]" in an answer, or the evidence line it came from. */
  label?: string;
  supported?: boolean;
}

/**
 * The fields every citation shape (a graph quote, an answer's [n]) shares, as the viewer takes them. A
 * citation's `label` is its table or figure ("Table 2"): `sourceOf` makes it the source's `figure`.
 */
export type CitedPassage = Pick<
  SourceRef,
  'documentId' | 'title' | 'page' | 'quote' | 'start' | 'end' | 'pages' | 'label'
>;

/** A citation as a viewer source: the citation's `label` ("Table 2") is the viewer's `figure`. */
export const sourceOf = (c: CitedPassage): SourceRef => ({
  documentId: c.documentId,
  title: c.title,
  page: c.page,
  quote: c.quote,
  start: c.start,
  end: c.end,
  pages: c.pages,
  figure: c.label,
});

interface ViewerState {
  source: SourceRef | null;
  open(source: SourceRef): void;
  close(): void;
}

// What had focus when the viewer opened (the citation chip): focus goes back there when it closes.
let opener: HTMLElement | null = null;

/** The PDF viewer is one app-wide drawer, so chat, graph and library all open sources the same way. */
export const useViewerStore = create<ViewerState>((set, get) => ({
  source: null,
  open: (source) => {
    if (!get().source) {
      const active = typeof document !== 'undefined' ? document.activeElement : null;
      opener = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    set({ source });
  },
  close: () => {
    set({ source: null });
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus();
  },
}));

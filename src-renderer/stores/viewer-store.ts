import { create } from 'zustand';

/** A passage to show: the document, the page and the quote to highlight there. */
export interface SourceRef {
  documentId: string;
  title: string;
  page: number | null;
  quote: string;
  /** "[3]" in an answer, or the evidence line it came from. */
  label?: string;
  supported?: boolean;
}

interface ViewerState {
  source: SourceRef | null;
  open(source: SourceRef): void;
  close(): void;
}

/** The PDF viewer is one app-wide drawer, so chat, graph and library all open sources the same way. */
export const useViewerStore = create<ViewerState>((set) => ({
  source: null,
  open: (source) => set({ source }),
  close: () => set({ source: null }),
}));

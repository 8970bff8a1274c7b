import { create } from 'zustand';
import type { UiClient } from '../../api/rpc';

interface CitationCounts {
  cites: number;
  citedBy: number;
}

interface CitationState {
  counts: Map<string, CitationCounts>;
  loaded: boolean;
  /** Reads every citation between library documents (`citations:list`) and counts them per document. */
  load(api: UiClient): Promise<void>;
  /**
   * Keeps the counts current while someone shows them: loads now and again after each library change.
   * Each caller releases with the function returned; the last release stops listening.
   */
  retain(api: UiClient): () => void;
}

let holders = 0;
let stop: (() => void) | null = null;

/** Cites / cited-by counts of every document in the library, for the library table. */
export const useCitationStore = create<CitationState>((set) => ({
  counts: new Map(),
  loaded: false,
  async load(api) {
    const { citations } = await api.call('citations:list', {});
    const counts = new Map<string, CitationCounts>();
    const of = (id: string) => {
      let c = counts.get(id);
      if (!c) counts.set(id, (c = { cites: 0, citedBy: 0 }));
      return c;
    };
    for (const c of citations) {
      of(c.from).cites++;
      of(c.to).citedBy++;
    }
    set({ counts, loaded: true });
  },
  retain(api) {
    holders++;
    if (holders === 1) {
      const load = () =>
        void useCitationStore
          .getState()
          .load(api)
          .catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      load();
      // Matching runs shortly after a change: read once it has settled.
      const off = api.on('library:changed', () => {
        clearTimeout(timer);
        timer = setTimeout(load, 2000);
      });
      stop = () => {
        off();
        clearTimeout(timer);
      };
    }
    return () => {
      holders--;
      if (holders === 0) {
        stop?.();
        stop = null;
      }
    };
  },
}));

import { create } from 'zustand';
import type { z } from 'zod';
import type { DocumentSummary, IngestProgress, QueueStatus } from '../../src-main/contract/library';
import { describeError, type UiClient } from '../api/rpc';

interface LibraryState {
  documents: DocumentSummary[];
  queue: z.infer<typeof QueueStatus> | null;
  loaded: boolean;
  error: string | null;
  importing: number;
  refresh(api: UiClient): Promise<void>;
  applyProgress(p: IngestProgress): void;
  setImporting(delta: number): void;
}

/** Documents and the queue, kept fresh by 'ingest:progress' events and a refresh on 'library:changed'. */
export const useLibraryStore = create<LibraryState>((set, get) => ({
  documents: [],
  queue: null,
  loaded: false,
  error: null,
  importing: 0,
  async refresh(api) {
    try {
      const [{ documents }, queue] = await Promise.all([
        api.call('library:list', {}),
        api.call('queue:status', {}).catch(() => null),
      ]);
      set({ documents, queue, loaded: true, error: null });
    } catch (e) {
      set({ loaded: true, error: describeError(e).message });
    }
  },
  applyProgress(p) {
    const docs = get().documents;
    const i = docs.findIndex((d) => d.id === p.documentId);
    const doc = docs[i];
    if (!doc) return;
    const copy = docs.slice();
    copy[i] = { ...doc, ...p };
    set({ documents: copy });
  },
  setImporting: (delta) => set({ importing: Math.max(0, get().importing + delta) }),
}));

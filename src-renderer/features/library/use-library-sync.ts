import { useEffect } from 'react';
import { useRpc } from '../../api/rpc';
import { useLibraryStore } from '../../stores/library-store';

const POLL_MS = 5000;

/**
 * Keeps the library list current app-wide: progress events patch rows in place; 'library:changed' and a
 * slow poll (for backends that do not push yet) reload the list.
 */
export function useLibrarySync() {
  const api = useRpc();
  useEffect(() => {
    const { refresh, applyProgress } = useLibraryStore.getState();
    void refresh(api);
    let pending: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        void refresh(api);
      }, 300);
    };
    const offProgress = api.on('ingest:progress', (p) => {
      applyProgress(p);
      // Status changes alter counts (entities, queue) that progress frames do not carry.
      if (p.status !== 'running') soon();
    });
    const offChanged = api.on('library:changed', soon);
    const timer = setInterval(() => {
      const busy = useLibraryStore
        .getState()
        .documents.some((d) => d.status === 'running' || d.status === 'queued');
      if (busy || !useLibraryStore.getState().loaded) void refresh(api);
    }, POLL_MS);
    return () => {
      offProgress();
      offChanged();
      clearInterval(timer);
      if (pending) clearTimeout(pending);
    };
  }, [api]);
}

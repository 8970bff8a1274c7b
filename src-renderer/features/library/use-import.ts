import { useCallback } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { useAppStore } from '../../stores/app-store';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { importFiles, summariseImport } from './import-files';

/** One import path for drops anywhere on the window and for the pickers. */
export function useImport(): (files: File[]) => Promise<void> {
  const api = useRpc();
  return useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const { setImporting, refresh } = useLibraryStore.getState();
      const push = useNoticeStore.getState().push;
      useAppStore.getState().setSection('library');
      setImporting(1);
      try {
        const r = await importFiles(api, files);
        const s = summariseImport(r);
        push(s.failed ? 'error' : 'ok', s.text);
      } catch (e) {
        push('error', `Could not add the files: ${describeError(e).message}`);
      } finally {
        setImporting(-1);
        void refresh(api);
      }
    },
    [api],
  );
}

import { useCallback } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { useAppStore } from '../../stores/app-store';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { useImportConfirmStore } from '../../stores/import-confirm-store';
import { estimateFiles, importFiles, summariseImport } from './import-files';

/**
 * One import path for drops anywhere on the window and for the pickers. The batch is estimated first; one
 * estimated to take longer than Settings' limit with a model asks, and Cancel adds nothing.
 */
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
        // An estimate that cannot be made (an older backend, a file gone) does not stand in the way.
        const estimate = await estimateFiles(api, files).catch(() => null);
        if (estimate?.confirm && !(await useImportConfirmStore.getState().ask(estimate))) {
          push('info', 'Nothing was added.');
          return;
        }
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

import { useCallback } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { useAppStore } from '../../stores/app-store';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { useImportConfirmStore } from '../../stores/import-confirm-store';
import { estimateFiles, importFiles } from './import-files';
import { summariseImport } from './import-summary';
import { followImport } from './follow-import';

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
        push(s.failed || s.partly ? 'error' : 'ok', s.text);
        // Documents that fail later, while they are read (an unreadable file the import could not tell),
        // are reported when they do: the toast above only counts what the import itself knew.
        followImport(r.added.filter((a) => !a.duplicate).map((a) => a.id));
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

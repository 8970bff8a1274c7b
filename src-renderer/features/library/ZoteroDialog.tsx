import { useState } from 'react';
import { useRpc } from '../../api/rpc';
import { FormDialog } from '../../components/FormDialog';
import { summariseZotero } from './import-summary';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';

/**
 * Import from Zotero: the path of Zotero's data folder (or of a .bib / CSL-JSON export with files) on this
 * computer. The library reads a copy of zotero.sqlite, so Zotero may stay open.
 */
export function ZoteroDialog({ onClose }: { onClose(): void }) {
  const api = useRpc();
  const [source, setSource] = useState('');

  const run = async () => {
    const r = await api.call('library:import-zotero', { source: source.trim() });
    const s = summariseZotero(r);
    useNoticeStore.getState().push(s.failed ? 'error' : 'ok', s.text);
    void useLibraryStore.getState().refresh(api);
    onClose();
  };

  return (
    <FormDialog
      id="zotero"
      title="Import from Zotero"
      submitLabel={(busy) => (busy ? 'Importing…' : 'Import')}
      canSubmit={!!source.trim()}
      onSubmit={run}
      onClose={onClose}
    >
      <p>
        The PDFs come in with Zotero’s title, authors, year, DOI, tags and collections; items imported before
        are skipped.
      </p>
      <label className="field-stack">
        <span>Zotero data folder, or a .bib / CSL-JSON export with files</span>
        <input
          className="input"
          value={source}
          onChange={(e) => setSource(e.target.value)}
          placeholder="~/Zotero"
          autoFocus
          spellCheck={false}
          data-testid="zotero-source"
        />
      </label>
      <p className="small">Zotero shows its data folder in Settings → Advanced → Files and Folders.</p>
    </FormDialog>
  );
}

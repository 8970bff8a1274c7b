import { useEffect, useRef, useState } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { summariseZotero } from './import-summary';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';

/**
 * Import from Zotero: the path of Zotero's data folder (or of a .bib / CSL-JSON export with files) on this
 * computer. The library reads a copy of zotero.sqlite, so Zotero may stay open.
 */
export function ZoteroDialog({ onClose }: { onClose(): void }) {
  const api = useRpc();
  const ref = useRef<HTMLDialogElement>(null);
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.call('library:import-zotero', { source: source.trim() });
      const s = summariseZotero(r);
      useNoticeStore.getState().push(s.failed ? 'error' : 'ok', s.text);
      void useLibraryStore.getState().refresh(api);
      onClose();
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="zotero-title" onCancel={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <h2 id="zotero-title">Import from Zotero</h2>
        <div className="dialog-body">
          <p>
            The PDFs come in with Zotero’s title, authors, year, DOI, tags and collections; items imported
            before are skipped.
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
          {error && (
            <p className="doc-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !source.trim()}>
            {busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

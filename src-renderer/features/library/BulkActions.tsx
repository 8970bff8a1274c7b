import { useState } from 'react';
import type { DocumentSummary } from '../../../src-main/contract/library';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError, useRpc } from '../../api/rpc';
import { plural } from '../../lib/format';
import { saveFile } from '../../lib/save-file';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';

type BulkMethod = 'library:reingest' | 'library:delete' | 'library:retry-failed';

/** Actions on the selected rows, one call per document, with one summary notice at the end. */
export function BulkActions({ docs, onDone }: { docs: DocumentSummary[]; onDone(): void }) {
  const api = useRpc();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const retryable = docs.filter((d) => d.chunksFailed > 0);

  const run = async (method: BulkMethod, targets: DocumentSummary[], verb: string) => {
    setBusy(true);
    const failed: string[] = [];
    for (const d of targets) {
      try {
        await api.call(method, { documentId: d.id });
      } catch (e) {
        failed.push(`${d.title || d.fileName}: ${describeError(e).message}`);
      }
    }
    setBusy(false);
    const done = targets.length - failed.length;
    const notices = useNoticeStore.getState();
    if (done > 0) notices.push('ok', `${verb} ${plural(done, 'document')}.`);
    for (const f of failed) notices.push('error', f);
    onDone();
    void useLibraryStore.getState().refresh(api);
  };

  const exportAs = async (what: 'bibtex' | 'evidence') => {
    setBusy(true);
    try {
      if (what === 'bibtex')
        saveFile(await api.call('export:bibtex', { documentIds: docs.map((d) => d.id) }));
      else for (const d of docs) saveFile(await api.call('export:evidence', { documentId: d.id }));
    } catch (e) {
      useNoticeStore.getState().push('error', `The export failed: ${describeError(e).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selected documents" data-testid="bulk-bar">
      <span>{plural(docs.length, 'document')} selected</span>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => void run('library:reingest', docs, 'Reading again')}
      >
        Re-read
      </button>
      {retryable.length > 0 && (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => void run('library:retry-failed', retryable, 'Retrying the failed passages of')}
        >
          Retry failed passages
        </button>
      )}
      <button
        type="button"
        className="btn btn-small btn-ghost-danger"
        disabled={busy}
        onClick={() => setConfirm(true)}
      >
        Delete
      </button>
      <button type="button" className="btn btn-small" disabled={busy} onClick={() => void exportAs('bibtex')}>
        Export BibTeX
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => void exportAs('evidence')}
      >
        Export evidence (CSV)
      </button>
      <button type="button" className="btn btn-small" disabled={busy} onClick={onDone}>
        Clear selection
      </button>
      {confirm && (
        <ConfirmDialog
          title={`Delete ${plural(docs.length, 'document')}?`}
          confirmLabel="Delete documents"
          danger
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            void run('library:delete', docs, 'Deleted');
          }}
        >
          <p>
            Their evidence is removed from the graph, and entities that only these documents mentioned
            disappear. The original files on your disk are not touched.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

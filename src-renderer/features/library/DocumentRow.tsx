import { useState } from 'react';
import { CitationCounts } from '../citations/CitationCounts';
import type { DocumentDetail, DocumentSummary } from '../../../src-main/contract/library';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError, useRpc, type UiMethod } from '../../api/rpc';
import { formatEta, plural, readingLabel, STAGE_LABEL, STATUS_LABEL } from '../../lib/format';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { useViewerStore } from '../../stores/viewer-store';
import { firstAuthor, titleOf } from './library-sort';
import { AuthorList, FailureDetails, ReadingNotes } from './DocumentNotes';
import { FailureActions } from './FailureActions';

type DocAction = Extract<
  UiMethod,
  'library:retry-failed' | 'library:reingest' | 'library:delete' | 'queue:cancel'
>;

const DONE_VERB: Record<DocAction, string> = {
  'library:retry-failed': 'Retrying the failed passages of',
  'library:reingest': 'Reading again',
  'library:delete': 'Deleted',
  'queue:cancel': 'Cancelled',
};

export function DocumentRow({
  doc,
  selected,
  onSelect,
}: {
  doc: DocumentSummary;
  selected: boolean;
  onSelect(on: boolean): void;
}) {
  const api = useRpc();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<DocumentDetail | null>(null);
  const [open, setOpen] = useState(false);
  const active = doc.status === 'running' || doc.status === 'queued';
  // The progress line (stage, passages, time left) while a document is read or has failed passages.
  const showProgress = (active || doc.chunksTotal > 0) && doc.status !== 'done';
  const failed =
    doc.status === 'failed' || doc.status === 'partially_failed' || doc.status === 'dead_lettered';
  const pct =
    doc.chunksTotal > 0
      ? Math.round((doc.chunksDone / doc.chunksTotal) * 100)
      : doc.status === 'done'
        ? 100
        : 0;

  const run = async (method: DocAction) => {
    setBusy(true);
    try {
      await api.call(method, { documentId: doc.id });
      useNoticeStore.getState().push('ok', `${DONE_VERB[method]} “${doc.title || doc.fileName}”.`);
    } catch (e) {
      useNoticeStore.getState().push('error', describeError(e).message);
    } finally {
      setBusy(false);
      void useLibraryStore.getState().refresh(api);
    }
  };

  const toggleDetails = async () => {
    setOpen(!open);
    if (!open && !detail)
      setDetail(await api.call('library:document', { documentId: doc.id }).catch(() => null));
  };

  const label = titleOf(doc);
  const added = new Date(doc.addedAt);
  return (
    <tr
      className={`doc-row status-${doc.status}`}
      data-testid="doc-row"
      data-status={doc.status}
      aria-label={label}
      aria-selected={selected}
    >
      <td className="col-select">
        <input
          type="checkbox"
          checked={selected}
          aria-label={`Select ${label}`}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className="doc-main">
        {/* The whole title, wrapped, selectable: a cut title hid what told two papers apart. */}
        <span className="doc-title" data-testid="doc-title">
          {label}
        </span>
        <div className="doc-meta muted">
          <AuthorList authors={doc.authors} />
          {[
            // Until parsing finds a title the file name is the title: once is enough.
            doc.fileName !== label && doc.fileName,
            doc.pages > 0 && plural(doc.pages, 'page'),
          ]
            .filter(Boolean)
            .map((x) => ` · ${x}`)
            .join('')
            .replace(doc.authors.length ? /^/ : /^ · /, '')}
        </div>
        <ReadingNotes doc={doc} />
        {showProgress && (
          <div className="doc-progress">
            <div
              className="progress"
              role="progressbar"
              aria-label={`Progress of ${label}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
            >
              <div className="progress-fill" style={{ width: `${pct}%` }} />
              {doc.chunksFailed > 0 && doc.chunksTotal > 0 && (
                <div
                  className="progress-failed"
                  style={{ width: `${(doc.chunksFailed / doc.chunksTotal) * 100}%` }}
                />
              )}
            </div>
            <div className="doc-progress-text muted" data-testid="doc-progress">
              {/* A finished document's stage is "Done"; beside a Failed badge that only confuses. */}
              {active && <span>{STAGE_LABEL[doc.stage] ?? doc.stage}</span>}
              {doc.chunksTotal > 0 && (
                <span>
                  passages {doc.chunksDone}/{doc.chunksTotal}
                  {doc.chunksFailed > 0 && `, ${doc.chunksFailed} failed`}
                </span>
              )}
              {active && doc.etaMs != null && <span>{formatEta(doc.etaMs)}</span>}
            </div>
          </div>
        )}
        {doc.reading && (
          <div className="muted small" data-testid="doc-reading" data-state={doc.reading.state}>
            {readingLabel(doc.reading, !showProgress)}
          </div>
        )}
        {doc.status === 'done' && doc.entities > 0 && doc.relationships === 0 && (
          <div className="muted small" data-testid="no-relationships">
            No relationships: no sentence names two of its {plural(doc.entities, 'entity', 'entities')}{' '}
            together. A local model (Ollama) finds relations the built-in engine misses.
          </div>
        )}
        {doc.status === 'done' && <CitationCounts documentId={doc.id} label={label} />}
        {(doc.failure || doc.error) && (
          <div className="doc-error" role="alert" data-testid="doc-error">
            {doc.failure?.message ?? doc.error}
          </div>
        )}
        {open && <FailureDetails doc={doc} chunkErrors={detail?.chunkErrors ?? null} />}
      </td>
      <td className="muted">{firstAuthor(doc)}</td>
      <td className="num muted">{doc.year ?? ''}</td>
      <td className="col-doi muted">
        {doc.doi && (
          <a href={`https://doi.org/${encodeURI(doc.doi)}`} target="_blank" rel="noopener noreferrer">
            {doc.doi}
          </a>
        )}
      </td>
      <td>
        <span className={`badge badge-${doc.status}`} data-testid="doc-status">
          {STATUS_LABEL[doc.status] ?? doc.status}
        </span>
      </td>
      <td className="num" title={plural(doc.relationships, 'relationship')}>
        {doc.status === 'done' ? doc.entities.toLocaleString() : ''}
      </td>
      <td className="num muted" title={added.toLocaleString()}>
        {added.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}
      </td>
      <td className="doc-actions" role="group" aria-label={`Actions for ${label}`}>
        {failed && <FailureActions doc={doc} label={label} />}
        {!failed && doc.kind === 'pdf' && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() =>
              useViewerStore.getState().open({ documentId: doc.id, title: label, page: 1, quote: '' })
            }
          >
            Open
          </button>
        )}
        {failed && (
          <button type="button" className="btn btn-small" onClick={toggleDetails} aria-expanded={open}>
            {open ? 'Hide details' : 'Details'}
          </button>
        )}
        {active ? (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => run('queue:cancel')}>
            Cancel
          </button>
        ) : (
          !failed && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => run('library:reingest')}
            >
              Re-read
            </button>
          )
        )}
        <button
          type="button"
          className="btn btn-small btn-ghost-danger"
          disabled={busy}
          onClick={() => setConfirmDelete(true)}
        >
          {failed ? 'Remove' : 'Delete'}
        </button>
        {confirmDelete && (
          <ConfirmDialog
            title={`Delete “${label}”?`}
            confirmLabel="Delete document"
            danger
            onCancel={() => setConfirmDelete(false)}
            onConfirm={() => {
              setConfirmDelete(false);
              void run('library:delete');
            }}
          >
            <p>
              Its evidence is removed from the graph, and entities that only this document mentioned
              disappear. The original file on your disk is not touched.
            </p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}

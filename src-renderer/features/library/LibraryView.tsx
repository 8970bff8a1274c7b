import { useMemo, useRef, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { describeError, useRpc } from '../../api/rpc';
import { plural } from '../../lib/format';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { DocumentRow } from './DocumentRow';
import { BulkActions } from './BulkActions';
import { COLUMNS, nextSort, sortDocuments, titleOf, type SortState } from './library-sort';
import { useImport } from './use-import';
import { ZoteroDialog } from './ZoteroDialog';

export function LibraryView() {
  const api = useRpc();
  const { documents, queue, loaded, error, importing, refresh } = useLibraryStore();
  const doImport = useImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'added', dir: 'desc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [zotero, setZotero] = useState(false);

  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    void doImport(files);
  };
  const toggleQueue = async () => {
    try {
      await api.call(queue?.paused ? 'queue:resume' : 'queue:pause', {});
    } catch (e) {
      useNoticeStore.getState().push('error', describeError(e).message);
    }
    void refresh(api);
  };

  const shown = useMemo(() => {
    const q = filter.toLowerCase();
    const hits = q
      ? documents.filter((d) =>
          `${titleOf(d)} ${d.fileName} ${d.authors.join(' ')} ${d.doi ?? ''}`.toLowerCase().includes(q),
        )
      : documents;
    return sortDocuments(hits, sort);
  }, [documents, filter, sort]);
  const working = documents.filter((d) => d.status === 'running' || d.status === 'queued').length;
  const picked = documents.filter((d) => selected.has(d.id));
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const allShown = shown.length > 0 && shown.every((d) => selected.has(d.id));

  return (
    <section className="view" aria-labelledby="library-title">
      <header className="view-header">
        <h1 id="library-title">Library</h1>
        {documents.length > 0 && <span className="muted">{plural(documents.length, 'document')}</span>}
        <span className="spacer" />
        {documents.length > 0 && (
          <input
            className="input"
            type="search"
            placeholder="Filter documents"
            aria-label="Filter documents"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        )}
        {/* Queue controls only when there is work to hold back (or held back already). */}
        {queue && (working > 0 || queue.paused) && (
          <button type="button" className="btn" onClick={toggleQueue} data-testid="queue-toggle">
            {queue.paused ? 'Resume queue' : 'Pause queue'}
          </button>
        )}
        <button type="button" className="btn" onClick={() => setZotero(true)}>
          Import from Zotero…
        </button>
        <button type="button" className="btn" onClick={() => folderInput.current?.click()}>
          Add folder…
        </button>
        <button type="button" className="btn btn-primary" onClick={() => fileInput.current?.click()}>
          <Icon name="upload" size={16} /> Add files…
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept=".pdf,.txt,.md"
          hidden
          onChange={onPick}
          data-testid="file-input"
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          onChange={onPick}
          {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
        />
      </header>

      {zotero && <ZoteroDialog onClose={() => setZotero(false)} />}
      {queue && (working > 0 || queue.paused || importing > 0) && (
        <div
          className={queue.paused ? 'queue-bar paused' : 'queue-bar'}
          role="status"
          data-testid="queue-bar"
        >
          {importing > 0 && <span>Adding files…</span>}
          {queue.paused ? (
            <span>Queue paused — documents wait until you resume.</span>
          ) : working === 0 ? null : (
            <span>
              {plural(queue.running, 'document')} in progress, {queue.queued} waiting
            </span>
          )}
          {queue.counters.upstreamErrors + queue.counters.schemaInvalid > 0 && (
            <span className="muted">
              {queue.counters.upstreamErrors} model errors, {queue.counters.schemaInvalid} unreadable replies
              (retried)
            </span>
          )}
        </div>
      )}

      {error && (
        <ErrorBanner
          message={`The library could not be loaded. ${error}`}
          onRetry={() => void refresh(api)}
        />
      )}

      {loaded && documents.length === 0 && !error ? (
        <EmptyState
          title="Your library is empty"
          action={
            <span className="kbd-hint">
              <Icon name="upload" /> Drop PDFs, .txt or .md files — or a folder — anywhere on this window
            </span>
          }
        >
          <p>
            Ariadne reads your papers on this computer, finds the entities and relationships they describe,
            and keeps the page each fact came from. Nothing leaves your machine.
          </p>
          <p>Start with two or three papers on one topic; then explore the Graph or ask questions in Chat.</p>
        </EmptyState>
      ) : (
        <>
          {picked.length > 0 && <BulkActions docs={picked} onDone={() => setSelected(new Set())} />}
          <div className="table-wrap">
            <table className="doc-table" aria-label="Documents" data-testid="doc-list">
              <thead>
                <tr>
                  <th className="col-select">
                    <input
                      type="checkbox"
                      aria-label="Select all shown documents"
                      checked={allShown}
                      onChange={(e) =>
                        setSelected(e.target.checked ? new Set(shown.map((d) => d.id)) : new Set())
                      }
                    />
                  </th>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.key}
                      className={`col-${c.key}${c.numeric ? ' num' : ''}`}
                      aria-sort={
                        sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                      }
                    >
                      <button
                        type="button"
                        className="th-sort"
                        onClick={() => setSort(nextSort(sort, c.key))}
                      >
                        {c.label}
                        <span aria-hidden="true">
                          {sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    </th>
                  ))}
                  <th className="col-actions">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <DocumentRow
                    key={d.id}
                    doc={d}
                    selected={selected.has(d.id)}
                    onSelect={(on) => select(d.id, on)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

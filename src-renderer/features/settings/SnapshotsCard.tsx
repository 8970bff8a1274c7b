import { useCallback, useEffect, useRef, useState } from 'react';
import type { SnapshotInfo } from '../../../src-main/contract/snapshots';
import { describeError, useRpc, type UiOutput } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';

type SnapshotList = UiOutput<'library:snapshots'>;

const when = (iso: string) => new Date(iso).toLocaleString();
const docs = (n: number) => `${n} document${n === 1 ? '' : 's'}`;
const REASON: Record<SnapshotInfo['reason'], string> = {
  import: 'before an import',
  schedule: 'scheduled',
  manual: 'taken by hand',
  repair: 'before a repair',
};

/**
 * The library's snapshots (taken before each import batch and on a schedule): take one now, or choose one
 * to go back to. The restore happens when Ariadne next starts, before the library opens, since an open
 * library cannot swap its own files; what it replaces is kept aside in the library folder, and the card
 * says so after the start.
 */
export function SnapshotsCard() {
  const api = useRpc();
  const [list, setList] = useState<SnapshotList | null>(null);
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(() => {
    setError(null);
    api.call('library:snapshots', {}).then(
      (l) => {
        setList(l);
        setChosen((c) => (l.snapshots.some((s) => s.id === c) ? c : (l.snapshots[0]?.id ?? '')));
      },
      (e) => setError(describeError(e).message),
    );
  }, [api]);
  useEffect(load, [load]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const act = async (label: string, fn: () => Promise<SnapshotList | unknown>) => {
    setBusy(label);
    setError(null);
    try {
      await fn();
      load();
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };
  const cancelConfirm = () => {
    setConfirming(false);
    // Focus goes back where it came from, not to the top of the page.
    requestAnimationFrame(() => restoreRef.current?.focus());
  };
  const picked = list?.snapshots.find((s) => s.id === chosen);
  const pending = list?.snapshots.find((s) => s.id === list.pendingRestore);
  const last = list?.lastRestore;

  return (
    <div className="card" data-testid="snapshots-card">
      <h2>Snapshots</h2>
      {error && <ErrorBanner message={`Snapshots: ${error}`} onRetry={load} />}
      <p className="muted small">
        A copy of the library is kept before each import and on a schedule; restoring one brings the library
        back as it was then.
      </p>
      <div role="status" aria-live="polite" data-testid="snapshot-status">
        {busy && (
          <p className="notice" aria-busy="true">
            {busy}
          </p>
        )}
        {!busy && pending && (
          <p className="notice ok">
            Ariadne goes back to the snapshot of {when(pending.createdAt)} ({docs(pending.documents)}) when it
            next starts. Quit and start Ariadne again to restore it now.
          </p>
        )}
        {!busy && !pending && last && (
          <p className="notice ok">
            Restored the snapshot of {when(last.createdAt)} ({docs(last.documents)}) at the start of{' '}
            {when(last.restoredAt)}. What it replaced is kept in the library folder, in {last.setAside}.
          </p>
        )}
      </div>
      {list && list.snapshots.length === 0 && <p className="muted">No snapshots yet.</p>}
      {list && list.snapshots.length > 0 && (
        <div className="form-grid">
          <label htmlFor="snapshot-pick">Snapshot</label>
          <select
            id="snapshot-pick"
            className="input"
            value={chosen}
            disabled={!!busy}
            onChange={(e) => {
              setChosen(e.target.value);
              setConfirming(false);
            }}
          >
            {list.snapshots.map((s) => (
              <option key={s.id} value={s.id}>
                {when(s.createdAt)} — {docs(s.documents)}, {REASON[s.reason]}
              </option>
            ))}
          </select>
        </div>
      )}
      {confirming && picked ? (
        <div
          className="notice"
          role="group"
          aria-label="Confirm restore"
          onKeyDown={(e) => e.key === 'Escape' && cancelConfirm()}
        >
          <p>
            Go back to the library of {when(picked.createdAt)} ({docs(picked.documents)}) when Ariadne next
            starts? Documents and edits made since then leave the library; what it replaces is kept aside in
            the library folder.
          </p>
          <div className="row end">
            <button type="button" className="btn" onClick={cancelConfirm}>
              Cancel
            </button>
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-primary"
              disabled={!!busy}
              onClick={() =>
                void act('Choosing the snapshot…', () => api.call('library:restore', { id: picked.id }))
              }
            >
              Restore at next start
            </button>
          </div>
        </div>
      ) : (
        <div className="row end">
          {pending && (
            <button
              type="button"
              className="btn"
              disabled={!!busy}
              onClick={() =>
                void act('Cancelling the restore…', () => api.call('library:restore', { id: null }))
              }
            >
              Cancel restore
            </button>
          )}
          <button
            type="button"
            className="btn"
            disabled={!!busy}
            onClick={() => void act('Taking a snapshot…', () => api.call('library:snapshot', {}))}
          >
            Take snapshot now
          </button>
          <button
            ref={restoreRef}
            type="button"
            className="btn"
            disabled={!!busy || !picked}
            onClick={() => setConfirming(true)}
          >
            Restore…
          </button>
        </div>
      )}
    </div>
  );
}

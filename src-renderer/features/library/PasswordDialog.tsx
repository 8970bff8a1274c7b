import { useEffect, useRef, useState } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';

/**
 * Asks for an encrypted PDF's password. The password goes to the backend for one reading of this document
 * and is kept nowhere: not in this component once it closes, not in the library, not in any log.
 */
export function PasswordDialog({
  documentId,
  title,
  wrong,
  onClose,
}: {
  documentId: string;
  title: string;
  /** The last password given was wrong. */
  wrong: boolean;
  onClose(): void;
}) {
  const api = useRpc();
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const submit = async () => {
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await api.call('library:unlock', { documentId, password });
      setPassword('');
      useNoticeStore.getState().push('info', `Reading “${title}” with its password…`);
      void useLibraryStore.getState().refresh(api);
      onClose();
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="password-title" onCancel={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="password-title">Password for “{title}”</h2>
        <div className="dialog-body">
          {wrong && (
            <p className="doc-error" role="alert">
              The password given last time was wrong.
            </p>
          )}
          <label className="field-stack">
            <span>Password</span>
            <input
              className="input"
              type="password"
              autoComplete="off"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="pdf-password"
            />
          </label>
          <p className="muted small">
            Used once to read this document, then forgotten: Ariadne does not store it.
          </p>
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
          <button type="submit" className="btn btn-primary" disabled={busy || !password}>
            Open document
          </button>
        </div>
      </form>
    </dialog>
  );
}

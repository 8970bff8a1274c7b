import { useState } from 'react';
import { useRpc } from '../../api/rpc';
import { FormDialog } from '../../components/FormDialog';
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
  const [password, setPassword] = useState('');

  const submit = async () => {
    await api.call('library:unlock', { documentId, password });
    setPassword('');
    useNoticeStore.getState().push('info', `Reading “${title}” with its password…`);
    void useLibraryStore.getState().refresh(api);
    onClose();
  };

  return (
    <FormDialog
      id="password"
      title={`Password for “${title}”`}
      submitLabel={() => 'Open document'}
      canSubmit={!!password}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}

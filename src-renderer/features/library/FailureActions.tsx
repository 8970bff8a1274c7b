import { useState } from 'react';
import type { DocumentSummary } from '../../../src-main/contract/library';
import type { FailureAction } from '../../../src-main/contract/reading';
import { describeError, useRpc } from '../../api/rpc';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { PasswordDialog } from './PasswordDialog';

const LABEL: Record<Exclude<FailureAction, 'remove'>, string> = {
  password: 'Enter password',
  ocr: 'Read with OCR',
  retry: 'Try again',
  'retry-passages': 'Retry failed passages',
  'show-file': 'Show file',
};

/** Saves the library's copy of the original, so the user can look at what was imported. */
async function showFile(api: ReturnType<typeof useRpc>, doc: DocumentSummary) {
  const f = await api.call('library:file', { documentId: doc.id });
  const bytes = Uint8Array.from(atob(f.dataBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(
    new Blob([bytes], { type: f.kind === 'pdf' ? 'application/pdf' : 'text/plain' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = f.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A failed row's actions: only those its failure lists (a password, OCR, another try, the file). Removing
 * the document is the row's own Remove button.
 */
export function FailureActions({ doc, label }: { doc: DocumentSummary; label: string }) {
  const api = useRpc();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const actions = (doc.failure?.actions ?? []).filter(
    (a): a is Exclude<FailureAction, 'remove'> => a !== 'remove',
  );
  const act = async (a: Exclude<FailureAction, 'remove'>) => {
    if (a === 'password') return setAsking(true);
    setBusy(true);
    try {
      if (a === 'show-file') await showFile(api, doc);
      else {
        if (a === 'ocr') await api.call('library:read-with-ocr', { documentId: doc.id });
        else if (a === 'retry') await api.call('library:reingest', { documentId: doc.id });
        else await api.call('library:retry-failed', { documentId: doc.id });
        useNoticeStore.getState().push('ok', `Reading “${label}” again${a === 'ocr' ? ' with OCR' : ''}.`);
      }
    } catch (e) {
      useNoticeStore.getState().push('error', describeError(e).message);
    } finally {
      setBusy(false);
      void useLibraryStore.getState().refresh(api);
    }
  };
  return (
    <>
      {actions.map((a, i) => (
        <button
          key={a}
          type="button"
          className={`btn btn-small${i === 0 ? ' btn-primary' : ''}`}
          disabled={busy}
          data-action={a}
          onClick={() => void act(a)}
        >
          {LABEL[a]}
        </button>
      ))}
      {asking && (
        <PasswordDialog
          documentId={doc.id}
          title={label}
          wrong={doc.error === 'wrong password'}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { describeError } from '../api/rpc';

/**
 * A modal form on the native <dialog> (focus trapped, Escape cancels): its fields, the error of the last
 * submit under them, Cancel, and a submit button held disabled while `canSubmit` is false or a submit runs.
 * `onSubmit` closes the dialog itself when it succeeds; what it throws is shown in the dialog.
 */
export function FormDialog(props: {
  /** Names the dialog's heading (`<id>-title`) for its accessible name. */
  id: string;
  title: ReactNode;
  children: ReactNode;
  submitLabel(busy: boolean): ReactNode;
  canSubmit: boolean;
  onSubmit(): Promise<void>;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const submit = async () => {
    if (!props.canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit();
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${props.id}-title`} onCancel={props.onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        <div className="dialog-body">
          {props.children}
          {error && (
            <p className="doc-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !props.canSubmit}>
            {props.submitLabel(busy)}
          </button>
        </div>
      </form>
    </dialog>
  );
}

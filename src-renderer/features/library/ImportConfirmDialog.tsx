import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useImportConfirmStore } from '../../stores/import-confirm-store';

/** "~38 model calls, ~120k tokens, ~14 min with llama3.1:8b — index them?" for a batch above the threshold. */
export function ImportConfirmDialog() {
  const pending = useImportConfirmStore((s) => s.pending);
  if (!pending) return null;
  const e = pending.estimate;
  return (
    <ConfirmDialog
      title={`Index ${e.documents} document${e.documents === 1 ? '' : 's'}?`}
      confirmLabel="Index them"
      onConfirm={() => pending.answer(true)}
      onCancel={() => pending.answer(false)}
    >
      <p data-testid="import-estimate">{e.summary}.</p>
      <p className="muted small">
        This is longer than {e.thresholdMinutes} min, the limit set in Settings.{' '}
        {e.basis === 'probe' && e.msPerCall !== null
          ? `The model was timed on the first passage: ${Math.round(e.msPerCall / 1000)} s a call. `
          : ''}
        {e.basis === 'measured' && e.outputTokensPerSecond !== null
          ? `Measured on this library's earlier calls: ${Math.round(e.outputTokensPerSecond)} tokens/s. `
          : ''}
        {e.method}
      </p>
    </ConfirmDialog>
  );
}

/** A card's save button, at the end of its own row, shown only while the card holds unsaved edits. */
export function SaveRow({ dirty, label, onSave }: { dirty: boolean; label: string; onSave(): void }) {
  if (!dirty) return null;
  return (
    <div className="row end">
      <button type="button" className="btn btn-primary" onClick={onSave}>
        {label}
      </button>
    </div>
  );
}

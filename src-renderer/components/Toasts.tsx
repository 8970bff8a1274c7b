import { useNoticeStore } from '../stores/notice-store';

export function Toasts() {
  const { notices, dismiss } = useNoticeStore();
  return (
    <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
      {notices.map((n) => (
        <div key={n.id} className={`toast toast-${n.kind}`}>
          <span>{n.text}</span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a small panel under it. Esc or a click outside closes it and gives focus back to the
 * button, so the filter row stays one line however many options it holds.
 */
export function Popover({
  label,
  children,
  className = '',
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  return (
    <div className={`popover ${className}`} ref={box}>
      <button
        ref={button}
        type="button"
        className="btn btn-small popover-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="popover-panel" id={id} role="group">
          {children}
        </div>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { useViewerStore } from '../../stores/viewer-store';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The source viewer behaves as a dialog: Esc closes it from anywhere (not only with focus inside), and Tab
 * cycles within it while it is open. Focus returns to the citation that opened it (see viewer-store).
 */
export function useViewerDialog(): void {
  const open = useViewerStore((s) => s.source !== null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const box = document.querySelector<HTMLElement>('[data-testid="pdf-viewer"]');
      if (!box) return;
      // A modal <dialog> on top (a confirmation) handles its own keys.
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        useViewerStore.getState().close();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const inside = box.contains(document.activeElement);
      if (!inside || (e.shiftKey && document.activeElement === first)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}

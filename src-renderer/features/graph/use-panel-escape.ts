import { useEffect, type RefObject } from 'react';
import { useGraphStore } from '../../stores/graph-store';
import { useViewerStore } from '../../stores/viewer-store';

/**
 * Esc closes the open side panel wherever focus is in the view (`section`), and also when the control that
 * had it went away (an accepted group of duplicates), handing focus back to the search box. A dialog
 * handles its own Esc first.
 */
export function usePanelEscape(
  panel: string | null,
  section: RefObject<HTMLElement | null>,
  searchBox: RefObject<HTMLInputElement | null>,
) {
  useEffect(() => {
    if (!panel) return;
    const onKey = (e: KeyboardEvent) => {
      // Focus in the view, or on what holds it (the page, or <main> after a click on the canvas).
      const at = document.activeElement;
      const el = section.current;
      const here = !at || !el || el.contains(at) || at.contains(el);
      const modal = useViewerStore.getState().source !== null || document.querySelector('dialog[open]');
      if (e.key === 'Escape' && !e.defaultPrevented && here && !modal) {
        e.preventDefault();
        useGraphStore.getState().setPanel(null);
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panel, section, searchBox]);
}

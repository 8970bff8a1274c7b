import { useEffect, useState } from 'react';
import { useAppStore } from '../../stores/app-store';

/** Whether the dark theme is on: the canvas and the palette draw for the theme's background. */
export function useDark(): boolean {
  useAppStore((s) => s.theme);
  const [dark, setDark] = useState(() => document.documentElement.dataset.theme === 'dark');
  useEffect(() => {
    const obs = new MutationObserver(() => setDark(document.documentElement.dataset.theme === 'dark'));
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => obs.disconnect();
  }, []);
  return dark;
}

import { useEffect } from 'react';
import { useAppStore } from './stores/app-store';

/** Applies the chosen theme to <html data-theme>, following the OS when the choice is "system". */
export function useTheme() {
  const theme = useAppStore((s) => s.theme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

import { create } from 'zustand';
import type { AppHealth, AppInfo } from '../../src-main/contract';

export type Section = 'library' | 'graph' | 'chat' | 'settings';
export type ThemeChoice = 'system' | 'light' | 'dark';

interface AppState {
  section: Section;
  theme: ThemeChoice;
  info: AppInfo | null;
  health: AppHealth | null;
  connection: 'connecting' | 'open' | 'closed';
  setSection(section: Section): void;
  setTheme(theme: ThemeChoice): void;
  setInfo(info: AppInfo): void;
  setHealth(health: AppHealth): void;
  setConnection(c: AppState['connection']): void;
  /** Bumped by Ctrl/Cmd+K: the graph search box focuses itself when it changes. */
  searchRequest: number;
  requestSearch(): void;
}

const THEME_KEY = 'ariadne.theme';

function initialTheme(): ThemeChoice {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
  return saved === 'light' || saved === 'dark' || saved === 'system' ? saved : 'system';
}

export const useAppStore = create<AppState>((set) => ({
  section: 'library',
  theme: initialTheme(),
  info: null,
  health: null,
  connection: 'connecting',
  setSection: (section) => set({ section }),
  setTheme: (theme) => {
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  setInfo: (info) => set({ info }),
  setHealth: (health) => set({ health }),
  setConnection: (connection) => set({ connection }),
  searchRequest: 0,
  requestSearch: () => set((s) => ({ section: 'graph', searchRequest: s.searchRequest + 1 })),
}));

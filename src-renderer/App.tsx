import { useEffect } from 'react';
import { useApi } from './api/api-context';
import { DropOverlay } from './components/DropOverlay';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Sidebar } from './components/Sidebar';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { ChatView } from './features/chat/ChatView';
import { GraphView } from './features/graph/GraphView';
import { LibraryView } from './features/library/LibraryView';
import { useLibrarySync } from './features/library/use-library-sync';
import { PdfViewer } from './features/pdf/PdfViewer';
import { SettingsView } from './features/settings/SettingsView';
import { useAppStore } from './stores/app-store';
import { useTheme } from './use-theme';

const HEALTH_INTERVAL_MS = 15_000;

export function App() {
  const api = useApi();
  const section = useAppStore((s) => s.section);
  const { setInfo, setHealth, setConnection } = useAppStore.getState();
  useTheme();
  useLibrarySync();

  // Ctrl/Cmd+K searches the graph from anywhere, as in most desktop tools.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        useAppStore.getState().requestSearch();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    let cancelled = false;
    const refresh = () =>
      api
        .call('app:health', {})
        .then((h) => !cancelled && setHealth(h))
        .catch(() => {});
    void api.call('app:info', {}).then(
      (i) => !cancelled && setInfo(i),
      () => {},
    );
    refresh();
    const timer = setInterval(refresh, HEALTH_INTERVAL_MS);
    const off = api.on('app:health-changed', setHealth);
    const onConn = (e: Event) => setConnection((e as CustomEvent<'open' | 'closed'>).detail);
    window.addEventListener('ariadne:connection', onConn);
    return () => {
      cancelled = true;
      clearInterval(timer);
      off();
      window.removeEventListener('ariadne:connection', onConn);
    };
  }, [api, setInfo, setHealth, setConnection]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar />
      <main className="main" id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={section}>
          {section === 'library' && <LibraryView />}
          {section === 'graph' && <GraphView />}
          {section === 'chat' && <ChatView />}
          {section === 'settings' && <SettingsView />}
        </ErrorBoundary>
      </main>
      <StatusBar />
      <PdfViewer />
      <DropOverlay />
      <Toasts />
    </div>
  );
}

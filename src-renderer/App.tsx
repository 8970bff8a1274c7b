import { lazy, Suspense, useEffect, useState } from 'react';
import { useApi } from './api/api-context';
import { DropOverlay } from './components/DropOverlay';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Sidebar } from './components/Sidebar';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { LibraryView } from './features/library/LibraryView';
import { ImportConfirmDialog } from './features/library/ImportConfirmDialog';
import { useLibrarySync } from './features/library/use-library-sync';
import { SettingsView } from './features/settings/SettingsView';
import { useAppStore } from './stores/app-store';
import { useTheme } from './use-theme';
import { useViewerStore } from './stores/viewer-store';
import { useViewerDialog } from './features/pdf/use-viewer-dialog';

// The first screen loads only what it shows: the explorer (sigma, graphology), the chat (markdown) and the
// PDF viewer (pdf.js) are their own chunks, fetched when first opened. The single bundle was 2.09 MB.
const GraphView = lazy(() => import('./features/graph/GraphView').then((m) => ({ default: m.GraphView })));
const ChatView = lazy(() => import('./features/chat/ChatView').then((m) => ({ default: m.ChatView })));
const PdfViewer = lazy(() => import('./features/pdf/PdfViewer').then((m) => ({ default: m.PdfViewer })));

const Loading = () => <p className="muted pad">Loading…</p>;

const HEALTH_INTERVAL_MS = 15_000;

export function App() {
  const api = useApi();
  const section = useAppStore((s) => s.section);
  // Once opened, the viewer stays mounted so its loaded documents stay cached.
  const viewerWanted = useViewerStore((s) => s.source !== null);
  const [viewerMounted, setViewerMounted] = useState(false);
  useEffect(() => {
    if (viewerWanted) setViewerMounted(true);
  }, [viewerWanted]);
  const { setInfo, setHealth, setConnection } = useAppStore.getState();
  useTheme();
  useViewerDialog();
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
          <Suspense fallback={<Loading />}>
            {section === 'library' && <LibraryView />}
            {section === 'graph' && <GraphView />}
            {section === 'chat' && <ChatView />}
            {section === 'settings' && <SettingsView />}
          </Suspense>
        </ErrorBoundary>
      </main>
      <StatusBar />
      {viewerMounted && (
        <Suspense fallback={null}>
          <PdfViewer />
        </Suspense>
      )}
      <DropOverlay />
      <ImportConfirmDialog />
      <Toasts />
    </div>
  );
}

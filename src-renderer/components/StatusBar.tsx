import { useAppStore } from '../stores/app-store';
import { providerLabel } from './provider-label';

/** Always says which LLM provider is active and whether the backend is healthy. */
export function StatusBar() {
  const health = useAppStore((s) => s.health);
  const info = useAppStore((s) => s.info);
  const connection = useAppStore((s) => s.connection);
  const failing = health?.checks.filter((c) => !c.ok) ?? [];
  const state = connection === 'closed' ? 'offline' : !health ? 'pending' : health.ok ? 'ok' : 'warn';

  return (
    <footer className="statusbar" role="status" aria-live="polite" data-testid="status-bar">
      <span className={`dot dot-${state}`} aria-hidden="true" />
      {connection === 'closed' ? (
        <span>Disconnected from the Ariadne backend — reconnecting…</span>
      ) : health ? (
        <>
          <span data-testid="status-provider">
            Provider: <strong>{providerLabel(health.provider)}</strong>
            {health.providerReason && <span className="muted"> — {health.providerReason}</span>}
          </span>
          <span className="muted">{health.providerDetail}</span>
          {failing.length > 0 && (
            <span className="warn-text" title={failing.map((f) => `${f.detail}. ${f.fix ?? ''}`).join('\n')}>
              {failing.length} check{failing.length > 1 ? 's' : ''} need attention — see Settings
            </span>
          )}
        </>
      ) : (
        <span>Connecting…</span>
      )}
      <span className="spacer" />
      {info && <span className="muted">Ariadne {info.version}</span>}
    </footer>
  );
}

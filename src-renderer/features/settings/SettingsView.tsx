import { FixText } from '../../components/FixText';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Icon, type IconName } from '../../components/Icon';
import { useAppStore, type ThemeChoice } from '../../stores/app-store';
import { IngestCard } from './IngestCard';
import { LlmCard } from './LlmCard';
import { SnapshotsCard } from './SnapshotsCard';
import { useSettings } from './use-settings';
import { providerLabel } from '../../components/provider-label';

const themes: { id: ThemeChoice; label: string; icon: IconName }[] = [
  { id: 'system', label: 'System', icon: 'monitor' },
  { id: 'light', label: 'Light', icon: 'sun' },
  { id: 'dark', label: 'Dark', icon: 'moon' },
];

export function SettingsView() {
  const { theme, setTheme, info, health } = useAppStore();
  const { settings, error, reload, save, effect } = useSettings();
  return (
    <section className="view" aria-labelledby="settings-title">
      <header className="view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      {error && <ErrorBanner message={`Settings could not be loaded. ${error}`} onRetry={reload} />}
      <div className="settings-grid">
        <LlmCard settings={settings} save={save} effect={effect} />
        <IngestCard settings={settings} save={save} />
        <SnapshotsCard />
        <div className="card">
          <h2>Appearance</h2>
          <div role="radiogroup" aria-label="Theme" className="segmented">
            {themes.map((t) => (
              <button
                key={t.id}
                type="button"
                role="radio"
                aria-checked={theme === t.id}
                className={theme === t.id ? 'seg active' : 'seg'}
                onClick={() => setTheme(t.id)}
              >
                <Icon name={t.icon} size={16} /> {t.label}
              </button>
            ))}
          </div>
        </div>
        <div className="card">
          <h2>Health</h2>
          {health ? (
            <ul className="checks" role="list">
              {health.checks.map((c) => (
                <li key={c.name} className={c.ok ? 'check ok' : 'check bad'}>
                  <span className="check-mark" aria-label={c.ok ? 'passing' : 'failing'}>
                    {c.ok ? '✓' : '!'}
                  </span>
                  <div>
                    <div>{c.detail}</div>
                    {!c.ok && c.fix && (
                      <div className="muted">
                        <FixText text={c.fix} />
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Checking…</p>
          )}
        </div>
        <div className="card">
          <h2>Data location and about</h2>
          <p className="muted small">
            Everything — originals, graph, vectors, conversations — lives in the library folder. Open another
            library with <span className="mono">ariadne --data FOLDER</span>.
          </p>
          {info && (
            <dl className="about">
              <dt>Version</dt>
              <dd>{info.version}</dd>
              <dt>Library folder</dt>
              <dd className="mono" data-testid="data-dir">
                {info.dataDir}
              </dd>
              <dt>Provider</dt>
              <dd>{providerLabel(info.provider)}</dd>
              <dt>Running in</dt>
              <dd>{info.host === 'electron' ? 'Desktop app' : 'Browser (ariadne serve)'}</dd>
              <dt>Platform</dt>
              <dd>{info.platform}</dd>
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}

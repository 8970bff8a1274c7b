import { useCallback, useEffect, useState } from 'react';
import type { ConnectionTest, ModelList, PullProgress } from '../../../src-main/contract';
import type { AppSettings } from '../../../src-main/contract/settings';
import { describeError, useRpc } from '../../api/rpc';
import { FixText } from '../../components/FixText';
import { ErrorBanner } from '../../components/ErrorBanner';

const gb = (b: number) => `${(b / 1e9).toFixed(1)} GB`;

/** Provider, Ollama address with a connection test, model pickers and pulls. */
export function LlmCard({
  settings,
  save,
}: {
  settings: AppSettings | null;
  save(p: Partial<AppSettings>): Promise<void>;
}) {
  const api = useRpc();
  const [host, setHost] = useState(settings?.host ?? 'http://127.0.0.1:11434');
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [models, setModels] = useState<ModelList | null>(null);
  const [modelsError, setModelsError] = useState<string | null>(null);
  const [pullName, setPullName] = useState('');
  const [pull, setPull] = useState<PullProgress | null>(null);
  const [pullError, setPullError] = useState<string | null>(null);
  const [pulling, setPulling] = useState<AbortController | null>(null);

  useEffect(() => {
    if (settings) setHost(settings.host);
  }, [settings]);
  const loadModels = useCallback(() => {
    setModelsError(null);
    api.call('llm:models', {}).then(setModels, (e) => setModelsError(describeError(e).message));
  }, [api]);
  useEffect(loadModels, [loadModels]);

  const runTest = async () => {
    setTesting(true);
    try {
      setTest(await api.call('llm:test-connection', { host }));
    } catch (e) {
      setTest({
        ok: false,
        host,
        version: null,
        latencyMs: 0,
        modelCount: 0,
        detail: describeError(e).message,
      });
    } finally {
      setTesting(false);
    }
  };
  const runPull = async () => {
    const ctrl = new AbortController();
    setPulling(ctrl);
    setPullError(null);
    setPull({ model: pullName, status: 'starting' });
    try {
      await api.call('llm:pull', { model: pullName.trim() }, { signal: ctrl.signal, onItem: setPull });
      setPull({ model: pullName, status: 'success', percent: 100 });
      loadModels();
    } catch (e) {
      setPullError(describeError(e).message);
    } finally {
      setPulling(null);
    }
  };

  const chat = models?.models.filter((m) => m.kind === 'chat') ?? [];
  const embed = models?.models.filter((m) => m.kind === 'embed') ?? [];
  return (
    <div className="card" data-testid="llm-card">
      <h2>Language model</h2>
      <div className="form-grid">
        <label htmlFor="provider">Provider</label>
        <select
          id="provider"
          className="input"
          value={settings?.provider ?? 'auto'}
          disabled={!settings}
          onChange={(e) => void save({ provider: e.target.value as AppSettings['provider'] })}
        >
          <option value="auto">Automatic (Ollama when running, else built-in)</option>
          <option value="ollama">Ollama</option>
          <option value="builtin">Built-in (offline, no model)</option>
        </select>
        <label htmlFor="host">Ollama URL</label>
        <div className="row">
          <input id="host" className="input grow" value={host} onChange={(e) => setHost(e.target.value)} />
          <button type="button" className="btn" onClick={runTest} disabled={testing}>
            {testing ? 'Testing…' : 'Test connection'}
          </button>
          {settings && host !== settings.host && (
            <button type="button" className="btn btn-primary" onClick={() => void save({ host })}>
              Save
            </button>
          )}
        </div>
      </div>
      {test && (
        <div className={test.ok ? 'notice ok' : 'notice bad'} role="status" data-testid="connection-result">
          {test.ok
            ? `Connected: Ollama ${test.version ?? ''}, ${test.modelCount} models, ${Math.round(test.latencyMs)} ms.`
            : test.detail}
          {test.fix && (
            <div className="muted small">
              <FixText text={test.fix} />
            </div>
          )}
        </div>
      )}
      {modelsError && (
        <ErrorBanner message={`Models could not be listed. ${modelsError}`} onRetry={loadModels} />
      )}
      <div className="form-grid">
        <label htmlFor="chat-model">Chat model</label>
        <select
          id="chat-model"
          className="input"
          value={settings?.chatModel ?? ''}
          disabled={!settings}
          onChange={(e) => void save({ chatModel: e.target.value || null })}
        >
          <option value="">
            Recommended{models?.recommended.chat ? ` (${models.recommended.chat})` : ''}
          </option>
          {chat.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} · {m.parameterSize ?? gb(m.sizeBytes)}
            </option>
          ))}
        </select>
        <label htmlFor="embed-model">Embedding model</label>
        <select
          id="embed-model"
          className="input"
          value={settings?.embedModel ?? ''}
          disabled={!settings}
          onChange={(e) => void save({ embedModel: e.target.value || null })}
        >
          <option value="">
            Recommended{models?.recommended.embed ? ` (${models.recommended.embed})` : ''}
          </option>
          {embed.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} · {gb(m.sizeBytes)}
            </option>
          ))}
        </select>
        <label htmlFor="pull">Download a model</label>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void runPull();
          }}
        >
          <input
            id="pull"
            className="input grow"
            placeholder="e.g. qwen2.5:7b or nomic-embed-text"
            value={pullName}
            onChange={(e) => setPullName(e.target.value)}
          />
          {pulling ? (
            <button type="button" className="btn" onClick={() => pulling.abort()}>
              Cancel
            </button>
          ) : (
            <button type="submit" className="btn" disabled={!pullName.trim()}>
              Pull
            </button>
          )}
        </form>
      </div>
      {pull && (
        <div className="pull-progress" data-testid="pull-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={`Downloading ${pull.model}`}
            aria-valuenow={Math.round(pull.percent ?? 0)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-fill" style={{ width: `${pull.percent ?? 0}%` }} />
          </div>
          <span className="muted small">
            {pull.status}
            {pull.percent != null ? ` · ${Math.round(pull.percent)}%` : ''}
          </span>
        </div>
      )}
      {pullError && <ErrorBanner message={pullError} onRetry={() => void runPull()} />}
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ModelGuide, ModelList, PullProgress } from '../../../src-main/contract';
import type { AppSettings } from '../../../src-main/contract/settings';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';

const size = (b: number) => (b >= 1e9 ? `${(b / 1e9).toFixed(1)} GB` : `${Math.round(b / 1e6)} MB`);

/**
 * The chat and embedding models of the provider in use, which ones suit this computer (by its memory, with
 * their download sizes) and pulling them with progress and cancel (Ollama), or any model by name.
 */
export function ModelPicker({
  settings,
  save,
  guide,
}: {
  settings: AppSettings | null;
  save(p: Partial<AppSettings>): Promise<void>;
  /** Recommendations for Ollama; null for a server that loads its own models. */
  guide: ModelGuide | null;
}) {
  const api = useRpc();
  const [models, setModels] = useState<ModelList | null>(null);
  const [modelsError, setModelsError] = useState<string | null>(null);
  const [pullName, setPullName] = useState('');
  const [pull, setPull] = useState<PullProgress | null>(null);
  const [pullError, setPullError] = useState<{ model: string; message: string } | null>(null);
  const [pulling, setPulling] = useState<AbortController | null>(null);

  const loadModels = useCallback(() => {
    setModelsError(null);
    api.call('llm:models', {}).then(setModels, (e) => setModelsError(describeError(e).message));
  }, [api]);
  useEffect(loadModels, [loadModels]);

  const runPull = async (name: string) => {
    const ctrl = new AbortController();
    setPulling(ctrl);
    setPullError(null);
    setPull({ model: name, status: 'starting' });
    try {
      await api.call('llm:pull', { model: name.trim() }, { signal: ctrl.signal, onItem: setPull });
      setPull({ model: name, status: 'success', percent: 100 });
      loadModels();
    } catch (e) {
      const d = describeError(e);
      setPull(null);
      setPullError({
        model: name,
        message: d.code === 'cancelled' ? `Download of ${name} cancelled.` : d.message,
      });
    } finally {
      setPulling(null);
    }
  };

  const installed = (name: string) =>
    models?.models.some((m) => m.name === name || m.name === `${name}:latest`) ?? false;
  const chat = models?.models.filter((m) => m.kind === 'chat') ?? [];
  const embed = models?.models.filter((m) => m.kind === 'embed') ?? [];
  const builtinRunning = models?.provider === 'builtin';
  return (
    <>
      {guide && (
        <div className="model-guide" data-testid="model-guide">
          <h3>For this computer ({Math.round(guide.memoryBytes / 1024 ** 3)} GB memory)</h3>
          <ul className="plain">
            {guide.recommended.map((s) => (
              <li key={s.model} className="row">
                <span className="grow">
                  <strong className="mono">{s.model}</strong> —{' '}
                  {s.kind === 'chat' ? 'reads passages' : 'search'}, {size(s.downloadBytes)} download.{' '}
                  <span className="muted small">{s.why}</span>
                </span>
                {installed(s.model) ? (
                  <span className="muted small">installed</span>
                ) : (
                  <button
                    type="button"
                    className="btn"
                    disabled={!!pulling || builtinRunning}
                    onClick={() => void runPull(s.model)}
                    aria-label={`Download ${s.model} (${size(s.downloadBytes)})`}
                  >
                    Download
                  </button>
                )}
              </li>
            ))}
          </ul>
          {builtinRunning && (
            <p className="muted small">
              Ollama is not in use, so models cannot be downloaded from here.{' '}
              <a href={guide.installUrl} target="_blank" rel="noreferrer">
                Install Ollama
              </a>
              , start it, choose “Ollama” above and restart Ariadne; then download the models here.
            </p>
          )}
        </div>
      )}
      {modelsError && !builtinRunning && (
        <ErrorBanner message={`Models could not be listed. ${modelsError}`} onRetry={loadModels} />
      )}
      {!builtinRunning && (
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
                {m.name}
                {m.parameterSize ? ` · ${m.parameterSize}` : m.sizeBytes ? ` · ${size(m.sizeBytes)}` : ''}
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
                {m.name}
                {m.sizeBytes ? ` · ${size(m.sizeBytes)}` : ''}
              </option>
            ))}
          </select>
          {models?.provider === 'ollama' && (
            <>
              <label htmlFor="pull">Download a model</label>
              <form
                className="row"
                onSubmit={(e) => {
                  e.preventDefault();
                  void runPull(pullName);
                }}
              >
                <input
                  id="pull"
                  className="input grow"
                  placeholder="any name from ollama.com/library, e.g. qwen2.5:7b"
                  value={pullName}
                  onChange={(e) => setPullName(e.target.value)}
                />
                <button type="submit" className="btn" disabled={!pullName.trim() || !!pulling}>
                  Download
                </button>
              </form>
            </>
          )}
        </div>
      )}
      {pull && (
        <div className="pull-progress row" data-testid="pull-progress">
          <div
            className="progress grow"
            role="progressbar"
            aria-label={`Downloading ${pull.model}`}
            aria-valuenow={Math.round(pull.percent ?? 0)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-fill" style={{ width: `${pull.percent ?? 0}%` }} />
          </div>
          <span className="muted small">
            {pull.model}: {pull.status}
            {pull.percent != null ? ` · ${Math.round(pull.percent)}%` : ''}
          </span>
          {pulling && (
            <button type="button" className="btn" onClick={() => pulling.abort()}>
              Cancel
            </button>
          )}
        </div>
      )}
      {pullError && <ErrorBanner message={pullError.message} onRetry={() => void runPull(pullError.model)} />}
    </>
  );
}

import { useEffect, useState } from 'react';
import type { ConnectionTest, ModelGuide, SettingsEffect } from '../../../src-main/contract';
import type { AppSettings } from '../../../src-main/contract/settings';
import { describeError, useRpc } from '../../api/rpc';
import { FixText } from '../../components/FixText';
import { ModelPicker } from './ModelPicker';
import { SaveRow } from './SaveRow';

type Provider = AppSettings['provider'];

const PROVIDERS: { id: Provider; label: string }[] = [
  { id: 'auto', label: 'Automatic (Ollama when it runs, else built-in)' },
  { id: 'ollama', label: 'Ollama' },
  { id: 'openai', label: 'OpenAI-compatible server (LM Studio, llama.cpp, vLLM…)' },
  { id: 'builtin', label: 'Built-in (offline, no model)' },
];

/**
 * The model part of Settings: what a model adds, the provider and its server (address, API key, more servers
 * with the same models, a connection test), then the models. A saved change says what it did — applied now or
 * at the next start, and whether the server answers — instead of a plain "saved".
 */
export function LlmCard({
  settings,
  save,
  effect,
}: {
  settings: AppSettings | null;
  save(p: Partial<AppSettings>): Promise<void>;
  effect: SettingsEffect | null;
}) {
  const api = useRpc();
  const provider = settings?.provider ?? 'auto';
  const openai = provider === 'openai';
  const saved = openai ? (settings?.baseUrl ?? '') : (settings?.host ?? '');
  const [address, setAddress] = useState(saved);
  const [extra, setExtra] = useState('');
  const [key, setKey] = useState('');
  const [keyNote, setKeyNote] = useState<string | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [guide, setGuide] = useState<ModelGuide | null>(null);

  useEffect(() => {
    setAddress(saved);
    setExtra((settings?.extraEndpoints ?? []).join('\n'));
    setTest(null);
  }, [saved, settings?.extraEndpoints]);
  useEffect(() => {
    api.call('llm:guide', {}).then(setGuide, () => setGuide(null));
  }, [api]);

  const extraList = extra
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const dirty =
    settings &&
    provider !== 'builtin' &&
    (address !== saved || extraList.join('\n') !== settings.extraEndpoints.join('\n'));
  const runTest = async () => {
    setTesting(true);
    try {
      setTest(
        await api.call('llm:test-connection', {
          provider: openai ? 'openai' : 'ollama',
          host: address,
          ...(key ? { apiKey: key } : {}),
        }),
      );
    } catch (e) {
      setTest({
        ok: false,
        host: address,
        version: null,
        latencyMs: 0,
        modelCount: 0,
        detail: describeError(e).message,
      });
    } finally {
      setTesting(false);
    }
  };
  const storeKey = async (apiKey: string | null) => {
    try {
      const r = await api.call('llm:api-key', { apiKey });
      setKey('');
      setKeyNote(
        r.stored
          ? 'Key stored in your user settings folder (readable by you only), never in the library folder. It applies at the next start.'
          : 'No key stored.',
      );
    } catch (e) {
      setKeyNote(`The key was not stored: ${describeError(e).message}`);
    }
  };

  return (
    <div className="card" data-testid="llm-card">
      <h2>Language model</h2>
      {guide && (
        <p className="muted small" data-testid="model-intro">
          {guide.whatAModelAdds}
        </p>
      )}
      <div className="form-grid">
        <label htmlFor="provider">Provider</label>
        <select
          id="provider"
          className="input"
          value={provider}
          disabled={!settings}
          onChange={(e) => void save({ provider: e.target.value as Provider })}
        >
          {PROVIDERS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        {provider !== 'builtin' && (
          <>
            <label htmlFor="host">{openai ? 'Server address (base URL)' : 'Ollama address'}</label>
            <div className="row">
              <input
                id="host"
                className="input grow"
                value={address}
                placeholder={openai ? 'http://127.0.0.1:1234/v1' : 'http://127.0.0.1:11434'}
                onChange={(e) => setAddress(e.target.value)}
              />
              <button type="button" className="btn" onClick={runTest} disabled={testing || !address}>
                {testing ? 'Testing…' : 'Test connection'}
              </button>
            </div>
            {openai && (
              <>
                <label htmlFor="api-key">API key</label>
                <div className="row">
                  <input
                    id="api-key"
                    className="input grow"
                    type="password"
                    autoComplete="off"
                    placeholder="only if the server asks for one"
                    value={key}
                    onChange={(e) => setKey(e.target.value)}
                  />
                  <button
                    type="button"
                    className="btn"
                    disabled={!key.trim()}
                    onClick={() => void storeKey(key)}
                  >
                    Store key
                  </button>
                  <button type="button" className="btn" onClick={() => void storeKey(null)}>
                    Forget key
                  </button>
                </div>
              </>
            )}
            <label htmlFor="extra-endpoints">More servers</label>
            <div>
              <textarea
                id="extra-endpoints"
                className="input wide"
                rows={2}
                value={extra}
                placeholder={openai ? 'http://lab-gpu:8000/v1' : 'http://lab-server:11434'}
                onChange={(e) => setExtra(e.target.value)}
              />
              <div className="muted small">
                Other computers serving the same models, one address per line (a lab server beside this
                laptop): each call goes to whichever has a free slot, and one that stops answering is left out
                and tried again later.
              </div>
            </div>
          </>
        )}
      </div>
      <SaveRow
        dirty={!!dirty}
        label="Save address"
        onSave={() =>
          void save(
            openai
              ? { baseUrl: address, extraEndpoints: extraList }
              : { host: address, extraEndpoints: extraList },
          )
        }
      />
      {keyNote && (
        <p className="muted small" role="status">
          {keyNote}
        </p>
      )}
      {test && (
        <div className={test.ok ? 'notice ok' : 'notice bad'} role="status" data-testid="connection-result">
          {test.ok ? `Connected: ${test.detail}, ${Math.round(test.latencyMs)} ms.` : test.detail}
          {test.fix && (
            <div className="muted small">
              <FixText text={test.fix} />
            </div>
          )}
        </div>
      )}
      {effect && (
        <div className={effect.ok ? 'notice ok' : 'notice bad'} role="status" data-testid="settings-effect">
          <FixText text={effect.message} />
        </div>
      )}
      {provider !== 'builtin' && (
        <ModelPicker settings={settings} save={save} guide={openai ? null : guide} />
      )}
    </div>
  );
}

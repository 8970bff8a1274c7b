import { useEffect, useState } from 'react';
import type { AppSettings } from '../../../src-main/contract/settings';

/**
 * How documents are read: parallel LLM calls, passage size, the entity types extraction looks for, above
 * how many estimated minutes a dropped batch asks before it is indexed, and whether a model refines a
 * built-in draft (progressive ingestion).
 */
export function IngestCard({
  settings,
  save,
}: {
  settings: AppSettings | null;
  save(p: Partial<AppSettings>): Promise<void>;
}) {
  const [concurrency, setConcurrency] = useState(2);
  const [chunk, setChunk] = useState(1000);
  const [askAbove, setAskAbove] = useState(10);
  useEffect(() => {
    if (!settings) return;
    setConcurrency(settings.concurrency);
    setChunk(settings.chunkTokens);
    setAskAbove(settings.confirmAboveMinutes);
  }, [settings]);
  const dirty =
    settings &&
    (concurrency !== settings.concurrency ||
      chunk !== settings.chunkTokens ||
      askAbove !== settings.confirmAboveMinutes);

  return (
    <div className="card">
      <h2>Reading documents</h2>
      <div className="form-grid">
        <label htmlFor="concurrency">Parallel model calls</label>
        <div className="row">
          <input
            id="concurrency"
            className="input num"
            type="number"
            min={1}
            max={16}
            value={concurrency}
            disabled={!settings}
            onChange={(e) => setConcurrency(Math.min(16, Math.max(1, Number(e.target.value) || 1)))}
          />
          <span className="muted small">match OLLAMA_NUM_PARALLEL; more only queues</span>
        </div>
        <label htmlFor="chunk">Passage size (tokens)</label>
        <div className="row">
          <input
            id="chunk"
            className="input num"
            type="number"
            min={200}
            max={4000}
            step={100}
            value={chunk}
            disabled={!settings}
            onChange={(e) => setChunk(Number(e.target.value) || 1000)}
          />
          <span className="muted small">applies to documents read from now on</span>
        </div>
        <label htmlFor="ask-above">Ask before indexing above (min)</label>
        <div className="row">
          <input
            id="ask-above"
            className="input num"
            type="number"
            min={0}
            max={10000}
            value={askAbove}
            disabled={!settings}
            onChange={(e) => setAskAbove(Math.min(10_000, Math.max(0, Number(e.target.value) || 0)))}
          />
          <span className="muted small">estimated model time of a dropped batch; 0 always asks</span>
        </div>
        <span>Entity types</span>
        <div role="radiogroup" aria-label="Entity types" className="segmented">
          {(['biomedical', 'biomedical+longevity'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={settings?.entityTypeSet === t}
              disabled={!settings}
              className={settings?.entityTypeSet === t ? 'seg active' : 'seg'}
              onClick={() => void save({ entityTypeSet: t, longevityTypes: t !== 'biomedical' })}
            >
              {t === 'biomedical' ? 'Biomedical' : 'Biomedical + longevity'}
            </button>
          ))}
        </div>
        <label htmlFor="progressive">Draft first</label>
        <div className="row">
          <input
            id="progressive"
            type="checkbox"
            checked={settings?.progressiveIngestion ?? true}
            disabled={!settings}
            onChange={(e) => void save({ progressiveIngestion: e.target.checked })}
          />
          <span className="muted small">
            with a model: the built-in engine reads each new document within seconds, then the model refines
            it
          </span>
        </div>
      </div>
      {dirty && (
        <div className="row end">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save({ concurrency, chunkTokens: chunk, confirmAboveMinutes: askAbove })}
          >
            Save
          </button>
        </div>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { AppSettings } from '../../../src-main/contract/settings';
import { SaveRow } from './SaveRow';

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
        <NumberRow
          id="concurrency"
          min={1}
          max={16}
          value={concurrency}
          disabled={!settings}
          onChange={(v) => setConcurrency(Math.min(16, Math.max(1, v || 1)))}
          hint="passages each model server reads at once: its parallel slots (Ollama's OLLAMA_NUM_PARALLEL, llama-server's --parallel); more only wait in its queue"
        />
        <label htmlFor="chunk">Passage size (tokens)</label>
        <NumberRow
          id="chunk"
          min={200}
          max={4000}
          step={100}
          value={chunk}
          disabled={!settings}
          onChange={(v) => setChunk(v || 1000)}
          hint="applies to documents read from now on"
        />
        <label htmlFor="ask-above">Ask before indexing above (min)</label>
        <NumberRow
          id="ask-above"
          min={0}
          max={10000}
          value={askAbove}
          disabled={!settings}
          onChange={(v) => setAskAbove(Math.min(10_000, Math.max(0, v || 0)))}
          hint="estimated model time of a dropped batch; 0 always asks"
        />
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
        <label htmlFor="progressive">Quick draft first</label>
        <div className="row">
          <input
            id="progressive"
            type="checkbox"
            checked={settings?.progressiveIngestion ?? true}
            disabled={!settings}
            onChange={(e) => void save({ progressiveIngestion: e.target.checked })}
          />
          <span className="muted small">
            with a model: the built-in engine reads each new document within seconds, so it is searchable at
            once; the model then re-reads it passage by passage and its reading replaces the draft
          </span>
        </div>
      </div>
      <SaveRow
        dirty={!!dirty}
        label="Save"
        onSave={() => void save({ concurrency, chunkTokens: chunk, confirmAboveMinutes: askAbove })}
      />
    </div>
  );
}

/** A labelled number input with its hint beside it; `onChange` gets the typed number (0 when cleared). */
function NumberRow(props: {
  id: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  disabled: boolean;
  onChange(value: number): void;
  hint: string;
}) {
  return (
    <div className="row">
      <input
        id={props.id}
        className="input num"
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      <span className="muted small">{props.hint}</span>
    </div>
  );
}

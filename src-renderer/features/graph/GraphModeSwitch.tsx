import type { GraphMode as StoredMode } from '../../stores/graph-store';

type GraphMode = NonNullable<StoredMode>;

const MODES: { mode: GraphMode; label: string }[] = [
  { mode: 'papers', label: 'Papers' },
  { mode: 'entities', label: 'Entities' },
];

/** What the graph shows: the paper map or the entities. */
export function GraphModeSwitch({ mode, onMode }: { mode: GraphMode; onMode(mode: GraphMode): void }) {
  return (
    <div className="segmented" role="group" aria-label="What the graph shows">
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          className="btn btn-small"
          aria-pressed={mode === m.mode}
          onClick={() => onMode(m.mode)}
          data-testid={`mode-${m.mode}`}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A backend hint ("Start Ollama (`ollama serve` …) or set the host in Settings") shown in the UI: commands
 * between backticks become code, and inside Settings the hint points at the field instead of at Settings.
 */
export function FixText({ text, inSettings = false }: { text: string; inSettings?: boolean }) {
  const t = inSettings ? text.replace(/ or set the host in Settings/g, ' or correct the host above') : text;
  const parts = t.split('`');
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : <span key={i}>{p}</span>))}</>;
}

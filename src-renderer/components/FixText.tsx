/** A backend hint ("Start Ollama (`ollama serve` …)") shown in the UI: commands between backticks become code. */
export function FixText({ text }: { text: string }) {
  const parts = text.split('`');
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : <span key={i}>{p}</span>))}</>;
}

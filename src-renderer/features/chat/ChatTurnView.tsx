import { useState } from 'react';
import type { AnswerCitation } from '../../../src-main/contract/qa';
import { describeError, useRpc } from '../../api/rpc';
import { Markdown } from '../../components/Markdown';
import { saveFile } from '../../lib/save-file';
import type { Turn } from '../../stores/chat-store';
import { useNoticeStore } from '../../stores/notice-store';
import { sourceOf, useViewerStore } from '../../stores/viewer-store';

function openCitation(c: AnswerCitation) {
  useViewerStore.getState().open({ ...sourceOf(c), label: `[${c.n}]`, supported: c.supported });
}

/** The answer with its references, as a scientist would paste it into notes. */
function answerWithReferences(t: Turn): string {
  const refs = t.citations.map(
    (c) =>
      `[${c.n}] ${c.title}${c.year ? ` (${c.year})` : ''}${c.label ? `, ${c.label}` : ''}${c.page ? `, p. ${c.page}` : ''} — “${c.quote}”`,
  );
  return refs.length ? `${t.answer.trim()}\n\nReferences\n${refs.join('\n')}\n` : t.answer;
}

export function ChatTurnView({ turn }: { turn: Turn }) {
  const api = useRpc();
  const [traceOpen, setTraceOpen] = useState(false);
  const exportMarkdown = async () => {
    try {
      saveFile(
        await api.call('export:answer', {
          question: turn.question,
          answer: turn.answer,
          citations: turn.citations,
        }),
      );
    } catch (e) {
      useNoticeStore.getState().push('error', `The export failed: ${describeError(e).message}`);
    }
  };
  const onCite = (n: number) => {
    const c = turn.citations.find((x) => x.n === n);
    if (c) openCitation(c);
    else useNoticeStore.getState().push('info', `Source [${n}] has not arrived yet.`);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answerWithReferences(turn));
      useNoticeStore.getState().push('ok', 'Answer copied with its references.');
    } catch {
      useNoticeStore.getState().push('error', 'The clipboard is not available here.');
    }
  };

  return (
    <article className="turn" data-testid="chat-turn" data-status={turn.status}>
      <div className="turn-question">{turn.question}</div>
      <div
        className="turn-answer"
        aria-live={turn.status === 'streaming' ? 'polite' : 'off'}
        aria-busy={turn.status === 'streaming'}
      >
        {turn.answer ? (
          <Markdown text={turn.answer} onCite={onCite} />
        ) : turn.status === 'streaming' ? (
          <span className="muted typing">Searching your library…</span>
        ) : null}
        {turn.status === 'streaming' && turn.answer && <span className="caret" aria-hidden="true" />}
        {turn.status === 'stopped' && (
          <div className="muted small" data-testid="turn-stopped">
            Stopped.
          </div>
        )}
        {turn.status === 'error' && (
          <div className="doc-error" role="alert">
            {turn.error}
          </div>
        )}
        {turn.insufficient && (
          <div className="muted small">The library does not seem to cover this question well.</div>
        )}
      </div>

      {turn.citations.length > 0 && (
        <ol className="sources" aria-label="Sources" data-testid="chat-sources">
          {turn.citations.map((c) => (
            <li key={c.n}>
              <button type="button" className="source-item" onClick={() => openCitation(c)}>
                <span className="cite-chip static">{c.n}</span>
                <span className="source-title">
                  {c.title}
                  {c.year ? ` (${c.year})` : ''}
                  {c.label ? `, ${c.label}` : ''}
                  {c.page ? `, p. ${c.page}` : ''}
                </span>
                {!c.supported && <span className="badge badge-partially_failed">unverified</span>}
                {/* The quote itself, so a claim can be checked at a glance without opening the PDF. */}
                <span className="source-quote muted small">“{c.quote}”</span>
              </button>
            </li>
          ))}
        </ol>
      )}

      <div className="turn-footer">
        {turn.trace.length > 0 && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            aria-expanded={traceOpen}
            onClick={() => setTraceOpen(!traceOpen)}
            data-testid="trace-toggle"
          >
            {traceOpen ? '▾' : '▸'} Reasoning ({turn.trace.length} steps)
          </button>
        )}
        {turn.mode && <span className="muted small">mode: {turn.mode}</span>}
        <span className="spacer" />
        {turn.status === 'done' && (
          <>
            <button type="button" className="btn btn-small btn-quiet" onClick={copy}>
              Copy with references
            </button>
            {turn.citations.length > 0 && (
              <button
                type="button"
                className="btn btn-small btn-quiet"
                onClick={() => void exportMarkdown()}
                data-testid="export-answer"
              >
                Markdown + BibTeX
              </button>
            )}
          </>
        )}
      </div>
      {traceOpen && (
        <ol className="trace" data-testid="trace">
          {turn.trace.map((s, i) => (
            <li key={i}>
              <strong>{s.step}</strong> <span className="muted">{s.detail}</span>
              {s.ms != null && <span className="muted small"> · {Math.round(s.ms)} ms</span>}
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

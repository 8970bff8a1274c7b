import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
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

/**
 * The answer's box. The quote behind a citation chip shows while the chip is hovered or focused, as the
 * graph's citations do, so a claim can be checked without opening the source.
 */
function AnswerBox({
  citations,
  streaming,
  children,
}: {
  citations: AnswerCitation[];
  streaming: boolean;
  children: ReactNode;
}) {
  const [tip, setTip] = useState<{ n: number; left: number; top: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const chipOf = (e: SyntheticEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-cite]');
  const show = (e: SyntheticEvent) => {
    const chip = chipOf(e);
    const area = box.current;
    if (!chip || !area) return;
    const n = Number(chip.dataset.cite);
    if (!citations.some((c) => c.n === n)) return;
    chip.setAttribute('aria-describedby', id);
    const r = chip.getBoundingClientRect();
    const a = area.getBoundingClientRect();
    setTip({ n, left: r.left - a.left, top: r.bottom - a.top + 4 });
  };
  const hide = (e: SyntheticEvent) => {
    if (chipOf(e)) setTip(null);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && tip) {
      e.stopPropagation();
      setTip(null);
    }
  };
  const c = tip ? citations.find((x) => x.n === tip.n) : undefined;
  return (
    <div
      ref={box}
      className="turn-answer"
      aria-live={streaming ? 'polite' : 'off'}
      aria-busy={streaming}
      onMouseOver={show}
      onMouseOut={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
    >
      <span
        role="tooltip"
        id={id}
        className="cite-tip"
        data-testid="chat-citation-tip"
        hidden={!c}
        style={tip ? { left: tip.left, top: tip.top } : undefined}
      >
        {c && (
          <>
            <q>{c.quote}</q>
            <span className="muted small">
              {c.title}
              {c.label ? `, ${c.label}` : ''}
              {c.page ? `, page ${c.page}` : ''}
              {c.supported ? '' : ' — the check found no support here'}
            </span>
          </>
        )}
      </span>
      {children}
    </div>
  );
}

/** The trace: plain steps for the reader; the developer's detail (scores, timings) behind its own toggle. */
function TraceView({ trace }: { trace: Turn['trace'] }) {
  const [detail, setDetail] = useState(false);
  const plain = trace.filter((s) => s.plain);
  // Conversations saved before plain steps existed show every step.
  const shown = detail || !plain.length ? trace : plain;
  return (
    <div className="trace-box">
      <ol className="trace" data-testid="trace">
        {shown.map((s, i) => (
          <li key={i} className={s.plain ? 'trace-plain' : 'trace-detail'}>
            {s.plain ? (
              s.detail
            ) : (
              <>
                <strong>{s.step}</strong> <span className="muted">{s.detail}</span>
                {s.ms != null && <span className="muted small"> · {Math.round(s.ms)} ms</span>}
              </>
            )}
          </li>
        ))}
      </ol>
      {plain.length > 0 && (
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-pressed={detail}
          onClick={() => setDetail(!detail)}
          data-testid="trace-detail-toggle"
        >
          {detail ? 'Hide developer detail' : 'Show developer detail'}
        </button>
      )}
    </div>
  );
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
      <AnswerBox citations={turn.citations} streaming={turn.status === 'streaming'}>
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
      </AnswerBox>

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
            {traceOpen ? '▾' : '▸'} How this answer was found
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
      {traceOpen && <TraceView trace={turn.trace} />}
    </article>
  );
}

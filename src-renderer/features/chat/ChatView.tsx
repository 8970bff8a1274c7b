import { useEffect, useRef, useState } from 'react';
import { QaMode } from '../../../src-main/contract/qa';
import { EmptyState } from '../../components/EmptyState';
import { useRpc } from '../../api/rpc';
import { useAppStore } from '../../stores/app-store';
import { useChatStore } from '../../stores/chat-store';
import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';
import { ChatTurnView } from './ChatTurnView';
import { examplesFor } from './examples';

const MODE_HELP: Record<QaMode, string> = {
  auto: 'Ariadne picks the strategy',
  agentic: 'Plans, searches several times, checks its answer',
  local: 'Entities and their neighbourhoods',
  global: 'Community summaries: themes across the library',
  naive: 'Plain passage search',
};

export function ChatView() {
  const api = useRpc();
  const {
    mode,
    setMode,
    turns,
    controller,
    conversations,
    conversationId,
    ask,
    stop,
    startNew,
    open,
    remove,
    loadList,
  } = useChatStore();
  const docs = useLibraryStore((s) => s.documents);
  const builtin = useAppStore((s) => s.health?.provider === 'builtin');
  const [question, setQuestion] = useState('');
  const [examples, setExamples] = useState<string[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const streaming = controller !== null;

  useEffect(() => {
    void loadList(api);
    box.current?.focus();
  }, [api, loadList]);
  useEffect(() => {
    if (!docs.length) return;
    let live = true;
    api
      .call('graph:subgraph', { mode: 'top', limit: 4 })
      .then((sg) => {
        if (live) setExamples(examplesFor(sg.nodes.map((n) => n.name)));
      })
      .catch(() => {
        if (live) setExamples(examplesFor([]));
      });
    return () => {
      live = false;
    };
  }, [api, docs.length]);
  // Block body: newer Chromium returns a Promise from scrollIntoView, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [turns]);

  const send = () => {
    const q = question.trim();
    if (!q || streaming) return;
    setQuestion('');
    void ask(api, q);
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send();
    } else if (e.key === 'Escape' && streaming) stop();
  };
  const del = (id: string) =>
    remove(api, id).catch(() =>
      useNoticeStore.getState().push('error', 'The conversation could not be deleted.'),
    );

  return (
    <section className="view chat-layout" aria-labelledby="chat-title">
      <aside className="chat-history" aria-label="Conversations">
        <button type="button" className="btn btn-primary wide" onClick={startNew}>
          New conversation
        </button>
        <ul role="list">
          {conversations.map((c) => (
            <li key={c.id} className={c.id === conversationId ? 'conv active' : 'conv'}>
              <button type="button" className="conv-open" onClick={() => void open(api, c.id)}>
                {c.title || 'Untitled'}
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Delete conversation ${c.title}`}
                onClick={() => void del(c.id)}
              >
                ×
              </button>
            </li>
          ))}
          {conversations.length === 0 && (
            <li className="muted small">Past conversations of this library appear here.</li>
          )}
        </ul>
      </aside>
      <div className="chat-main">
        <header className="view-header">
          <h1 id="chat-title">Chat</h1>
          <span className="spacer" />
          <label className="field-inline">
            <span>Mode</span>
            <select
              className="input"
              value={mode}
              onChange={(e) => setMode(e.target.value as QaMode)}
              aria-label="Answer mode"
            >
              {QaMode.options.map((m) => (
                <option key={m} value={m}>
                  {m} — {MODE_HELP[m]}
                </option>
              ))}
            </select>
          </label>
        </header>
        <div className="chat-scroll" data-testid="chat-log">
          {turns.length === 0 ? (
            <EmptyState title="Ask your library">
              <p>
                Questions are answered from your documents only, and every claim cites its document and page.
              </p>
              {docs.length === 0 ? (
                <p>Add a paper in the Library first — answers need something to cite.</p>
              ) : (
                <div className="examples" data-testid="chat-examples">
                  {examples.map((q) => (
                    <button key={q} type="button" className="chip" onClick={() => setQuestion(q)}>
                      {q}
                    </button>
                  ))}
                </div>
              )}
              {builtin && (
                <p className="notice" data-testid="builtin-engine-note">
                  Answers come from Ariadne's built-in engine: the sentences of your papers that best answer
                  the question, each cited. A local model (Ollama) writes real answers — set one up in
                  Settings.
                </p>
              )}
            </EmptyState>
          ) : (
            <>
              {builtin && (
                <p className="muted small" data-testid="builtin-engine-note">
                  Answered by the built-in engine (quoted sentences, no model). A local model (Ollama) writes
                  real answers.
                </p>
              )}
              {turns.map((t) => (
                <ChatTurnView key={t.key} turn={t} />
              ))}
            </>
          )}
          <div ref={end} />
        </div>
        <form
          className="composer"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <textarea
            ref={box}
            className="input composer-input"
            rows={2}
            placeholder="Ask a question about your documents…"
            aria-label="Question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={onKey}
            data-testid="chat-input"
          />
          {streaming ? (
            <button type="button" className="btn btn-danger" onClick={stop} data-testid="chat-stop">
              Stop
            </button>
          ) : (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={!question.trim()}
              data-testid="chat-send"
            >
              Send <kbd>Ctrl ↵</kbd>
            </button>
          )}
        </form>
      </div>
    </section>
  );
}

import { EmptyState } from '../../components/EmptyState';

export function ChatView() {
  return (
    <section className="view" aria-labelledby="chat-title">
      <header className="view-header">
        <h1 id="chat-title">Chat</h1>
      </header>
      <EmptyState title="Ask your library">
        <p>Questions are answered from your documents only, and every claim cites its document and page.</p>
      </EmptyState>
    </section>
  );
}

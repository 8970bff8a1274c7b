import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';

export function LibraryView() {
  return (
    <section className="view" aria-labelledby="library-title">
      <header className="view-header">
        <h1 id="library-title">Library</h1>
      </header>
      <EmptyState title="Your library is empty" action={<span className="kbd-hint"><Icon name="upload" /> Drop PDFs, .txt or .md files anywhere on this window</span>}>
        <p>
          Ariadne reads your papers on this computer, finds the entities and relationships they describe, and keeps the
          page each fact came from. Nothing leaves your machine.
        </p>
      </EmptyState>
    </section>
  );
}

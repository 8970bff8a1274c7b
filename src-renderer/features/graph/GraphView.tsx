import { EmptyState } from '../../components/EmptyState';

export function GraphView() {
  return (
    <section className="view" aria-labelledby="graph-title">
      <header className="view-header">
        <h1 id="graph-title">Graph</h1>
      </header>
      <EmptyState title="No entities yet">
        <p>Once a document has been read, its entities and their evidence appear here. Add a paper in the Library first.</p>
      </EmptyState>
    </section>
  );
}

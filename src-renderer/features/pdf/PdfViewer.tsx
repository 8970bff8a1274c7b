import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useViewerStore } from '../../stores/viewer-store';
import { highlightQuote, loadPdf } from './pdf-loader';

/** The app-wide source drawer: the cited passage, then the PDF at that page with the passage highlighted. */
export function PdfViewer() {
  const source = useViewerStore((s) => s.source);
  const close = useViewerStore((s) => s.close);
  const api = useRpc();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1.2);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const [attempt, setAttempt] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!source) return;
    setDoc(null);
    setError(null);
    setPage(source.page ?? 1);
    panel.current?.focus();
    let live = true;
    loadPdf(api, source.documentId).then(
      (d) => live && setDoc(d),
      (e) => live && setError(describeError(e).message),
    );
    return () => {
      live = false;
    };
  }, [api, source, attempt]);

  useEffect(() => {
    if (!doc || !canvas.current || !layer.current || !source) return;
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    let live = true;
    const n = Math.min(Math.max(1, page), doc.numPages);
    void (async () => {
      const p = await doc.getPage(n);
      if (!live) return;
      const viewport = p.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const c = canvas.current!;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${viewport.width}px`;
      c.style.height = `${viewport.height}px`;
      task = p.render({
        canvas: c,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      const box = layer.current!;
      box.replaceChildren();
      box.style.setProperty('--total-scale-factor', String(scale));
      box.style.setProperty('--scale-factor', String(scale));
      text = new TextLayer({ textContentSource: p.streamTextContent(), container: box, viewport });
      await Promise.all([task.promise, text.render()]);
      if (!live) return;
      const hit =
        n === (source.page ?? 1) ? highlightQuote(text.textDivs as HTMLElement[], source.quote) : null;
      setFound(source.quote ? !!hit : null);
      hit?.scrollIntoView({ block: 'center' });
    })().catch((e) => {
      if (live && (e as Error)?.name !== 'RenderingCancelledException') setError(describeError(e).message);
    });
    return () => {
      live = false;
      task?.cancel();
      text?.cancel();
    };
  }, [doc, page, scale, source]);

  if (!source) return null;
  const pages = doc?.numPages ?? 0;
  const onKey = (e: React.KeyboardEvent) => {
    // Escape is handled app-wide (use-viewer-dialog.ts), wherever focus is.
    if (e.key === 'PageDown' || (e.key === 'ArrowRight' && e.altKey)) setPage((p) => Math.min(pages, p + 1));
    else if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && e.altKey)) setPage((p) => Math.max(1, p - 1));
  };

  return (
    <aside
      ref={panel}
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={`Source: ${source.title}`}
      tabIndex={-1}
      onKeyDown={onKey}
      data-testid="pdf-viewer"
      data-page={page}
    >
      <header className="viewer-head">
        <div className="viewer-title">
          {source.label && <span className="cite-chip static">{source.label.replace(/[[\]]/g, '')}</span>}
          <strong>{source.title}</strong>
          {source.page != null && <span className="muted">p. {source.page}</span>}
        </div>
        <button type="button" className="icon-btn" aria-label="Close the source" onClick={close}>
          ×
        </button>
      </header>
      {source.quote && (
        <blockquote className="viewer-quote" data-testid="source-quote">
          “{source.quote}”
          {source.supported === false && (
            <div className="warn-text small">The answer check found no support in this passage.</div>
          )}
          {found === false && (
            <div className="muted small">The passage could not be located on the page exactly.</div>
          )}
        </blockquote>
      )}
      <div className="viewer-tools" role="toolbar" aria-label="Page controls">
        <button
          type="button"
          className="btn btn-small"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          aria-label="Previous page"
        >
          ‹
        </button>
        <label className="field-inline">
          <span className="sr-only">Page</span>
          <input
            className="input page-input"
            type="number"
            min={1}
            max={pages || undefined}
            value={page}
            onChange={(e) => setPage(Number(e.target.value) || 1)}
            aria-label="Page number"
            data-testid="pdf-page"
          />
          <span className="muted">of {pages || '…'}</span>
        </label>
        <button
          type="button"
          className="btn btn-small"
          disabled={!pages || page >= pages}
          onClick={() => setPage(page + 1)}
          aria-label="Next page"
        >
          ›
        </button>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setScale(Math.max(0.5, scale - 0.2))}
          aria-label="Zoom out"
        >
          −
        </button>
        <span className="muted small">{Math.round(scale * 100)}%</span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setScale(Math.min(3, scale + 0.2))}
          aria-label="Zoom in"
        >
          +
        </button>
      </div>
      {/* Focusable so the page can be scrolled with the keyboard when it is larger than the viewer. */}
      <div className="viewer-body" tabIndex={0} role="region" aria-label={`Page ${page}`}>
        {error ? (
          <ErrorBanner
            message={`The document could not be opened. ${error}`}
            onRetry={() => setAttempt(attempt + 1)}
          />
        ) : (
          <div className="pdf-page">
            {!doc && <div className="muted pad">Opening…</div>}
            <canvas ref={canvas} aria-label={`Page ${page} of ${source.title}`} role="img" />
            <div ref={layer} className="textLayer" />
          </div>
        )}
      </div>
    </aside>
  );
}

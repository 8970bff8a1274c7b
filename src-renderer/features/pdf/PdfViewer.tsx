import { TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import type { PassageBox } from '../../../src-main/contract/library';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useViewerStore } from '../../stores/viewer-store';
import { citedPlace } from '../graph/citation-text';
import { drawPassageMarks } from './passage-marks';
import { highlightQuote, loadSource, passageBoxes } from './pdf-loader';
import { TextSource } from './TextSource';

/**
 * The app-wide source drawer: the cited passage, then the PDF at that page with the passage highlighted.
 * A quote with its text span is highlighted from the line geometry kept at parse time (exact lines, on every
 * page it covers); without geometry (a text file, a library read before it was kept) its words are looked
 * for on the cited page.
 */
export function PdfViewer() {
  const source = useViewerStore((s) => s.source);
  const close = useViewerStore((s) => s.close);
  const api = useRpc();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [textDoc, setTextDoc] = useState<{ text: string; fileName: string } | null>(null);
  const [boxes, setBoxes] = useState<PassageBox[]>([]);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1.2);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const [attempt, setAttempt] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const marks = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!source) return;
    setDoc(null);
    setTextDoc(null);
    setBoxes([]);
    marks.current?.replaceChildren();
    setError(null);
    setPage(source.page ?? 1);
    panel.current?.focus();
    let live = true;
    // The boxes are fetched while the PDF opens (from the cache after the first citation of a document).
    Promise.all([loadSource(api, source.documentId), passageBoxes(api, source)]).then(
      ([d, b]) => {
        if (!live) return;
        if (d.kind === 'text') {
          setTextDoc({ text: d.text, fileName: d.fileName });
          return;
        }
        setDoc(d.doc);
        setBoxes(b);
        if (b[0]) setPage(b[0].page);
      },
      (e) => live && setError(describeError(e).message),
    );
    return () => {
      live = false;
    };
  }, [api, source, attempt]);

  useEffect(() => {
    const c = canvas.current;
    const box = layer.current;
    if (!doc || !c || !box || !source) return;
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    let live = true;
    const n = Math.min(Math.max(1, page), doc.numPages);
    void (async () => {
      const p = await doc.getPage(n);
      if (!live) return;
      const viewport = p.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${viewport.width}px`;
      c.style.height = `${viewport.height}px`;
      task = p.render({
        canvas: c,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      box.replaceChildren();
      box.style.setProperty('--total-scale-factor', String(scale));
      box.style.setProperty('--scale-factor', String(scale));
      text = new TextLayer({ textContentSource: p.streamTextContent(), container: box, viewport });
      // Marks from geometry need only the viewport: drawn while the page renders under them.
      if (boxes.length) {
        const markLayer = marks.current;
        const mark =
          markLayer &&
          drawPassageMarks(
            markLayer,
            boxes.filter((b) => b.page === n),
            viewport,
            p.view,
          );
        setFound(true);
        mark?.scrollIntoView({ block: 'center' });
      } else marks.current?.replaceChildren();
      await Promise.all([task.promise, text.render()]);
      if (!live || boxes.length) return;
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
  }, [doc, boxes, page, scale, source]);

  if (!source) return null;
  const pages = doc?.numPages ?? 0;
  // A passage across a page break: the page it continues on, offered from the page it starts on.
  const nextPart = boxes.find((b) => b.page > page)?.page;
  const cited = citedPlace({ page: source.page, pages: source.pages, label: source.figure });
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
          {cited && <span className="muted">{cited}</span>}
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
          {nextPart && (
            <button
              type="button"
              className="link small"
              onClick={() => setPage(nextPart)}
              data-testid="passage-continues"
            >
              Continues on p. {nextPart} ›
            </button>
          )}
        </blockquote>
      )}
      {textDoc ? (
        // A text or Markdown file: its text, the cited sentence marked (no pages to turn).
        <div className="viewer-body" tabIndex={0} role="region" aria-label={`Text of ${source.title}`}>
          <TextSource text={textDoc.text} quote={source.quote} fileName={textDoc.fileName} />
        </div>
      ) : (
        <>
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
                <div ref={marks} className="passage-marks" data-testid="passage-marks" aria-hidden="true" />
                <div ref={layer} className="textLayer" />
              </div>
            )}
          </div>
        </>
      )}
    </aside>
  );
}

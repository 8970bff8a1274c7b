import { useState } from 'react';
import type { DocumentSummary } from '../../../src-main/contract/library';
import { plural } from '../../lib/format';

/** "pages 1–3, 7" from [1, 2, 3, 7]. */
export function pageList(pages: number[]): string {
  const runs: [number, number][] = [];
  for (const p of pages) {
    const last = runs.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  const text = runs.map(([a, b]) => (b > a ? `${a}–${b}` : String(a)));
  return `${pages.length === 1 ? 'page' : 'pages'} ${text.join(', ')}`;
}

const OCR_WHY: Record<string, string> = {
  'no-text': 'no text layer',
  garbled: 'its text layer was unreadable',
  mixed: 'no or unreadable text',
  requested: 'you asked for it',
};

/** Authors, the first three with a button for the rest; the full list stays selectable text. */
export function AuthorList({ authors }: { authors: string[] }) {
  const [all, setAll] = useState(false);
  if (authors.length === 0) return null;
  const shown = all ? authors : authors.slice(0, 3);
  return (
    <span className="doc-authors" data-testid="doc-authors">
      {shown.join(', ')}
      {authors.length > 3 && (
        <>
          {' '}
          <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? 'fewer' : `+${authors.length - 3} more`}
          </button>
        </>
      )}
    </span>
  );
}

/** How the document was read: by OCR (with the engine's confidence), in which language. */
export function ReadingNotes({ doc }: { doc: DocumentSummary }) {
  const notes: { key: string; text: string }[] = [];
  if (doc.ocrProgress)
    notes.push({
      key: 'ocr-progress',
      text: `Reading by OCR: page ${Math.min(doc.ocrProgress.done + 1, doc.ocrProgress.total)} of ${doc.ocrProgress.total}`,
    });
  if (doc.ocr)
    notes.push({
      key: 'ocr',
      text:
        `Read by OCR (${pageList(doc.ocr.pages)}: ${OCR_WHY[doc.ocr.reason] ?? doc.ocr.reason}), ` +
        `${Math.round(doc.ocr.confidence)}% confidence` +
        (doc.ocr.confidence < 80 ? ' — check its quotes against the page image' : ''),
    });
  if (doc.language && doc.language.code !== 'eng')
    notes.push({
      key: 'language',
      text: `Written in ${doc.language.name}. The built-in engine's extraction is tuned for English: a local model (Ollama) reads other languages better.`,
    });
  if (!notes.length) return null;
  return (
    <ul className="doc-notes muted small" data-testid="doc-notes">
      {notes.map((n) => (
        <li key={n.key} data-note={n.key}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}

/** A failed document's details: what happened, where, and the passages that failed if any. */
export function FailureDetails({
  doc,
  chunkErrors,
}: {
  doc: DocumentSummary;
  chunkErrors: { chunkIndex: number; step: string; attempts: number; error: string }[] | null;
}) {
  return (
    <div className="doc-details" data-testid="doc-details">
      <dl className="failure-facts">
        <dt>Error</dt>
        <dd>{doc.error ?? 'unknown'}</dd>
        <dt>File</dt>
        <dd>
          {doc.fileName}
          {doc.pages > 0 && `, ${plural(doc.pages, 'page')}`}
        </dd>
        <dt>Stopped</dt>
        <dd>
          {doc.chunksTotal > 0
            ? 'while its passages were read'
            : 'while the file was read, before any passage'}
        </dd>
      </dl>
      {chunkErrors === null ? (
        <span className="muted">Loading…</span>
      ) : (
        chunkErrors.length > 0 && (
          <ul className="chunk-errors">
            {chunkErrors.map((c) => (
              <li key={`${c.chunkIndex}-${c.step}`}>
                Passage {c.chunkIndex + 1}, {c.step}, after {plural(c.attempts, 'attempt')}: {c.error}
              </li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}

import { useEffect, useMemo, useRef } from 'react';
import { locateQuote } from './text-quote';

/**
 * A text or Markdown document in the source drawer: its text as written, with the cited sentence marked
 * and scrolled into view. A .txt or .md citation opens here, not in the PDF viewer.
 */
export function TextSource({ text, quote, fileName }: { text: string; quote: string; fileName: string }) {
  const mark = useRef<HTMLElement>(null);
  const at = useMemo(() => locateQuote(text, quote), [text, quote]);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center' });
  }, [at]);
  return (
    <div className="text-source" data-testid="text-source" aria-label={fileName}>
      {at ? (
        <>
          {text.slice(0, at.start)}
          <mark ref={mark} className="text-source-mark" data-testid="text-source-mark">
            {text.slice(at.start, at.end)}
          </mark>
          {text.slice(at.end)}
        </>
      ) : (
        text
      )}
    </div>
  );
}

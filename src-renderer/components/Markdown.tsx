import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo, type MouseEvent } from 'react';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Markdown for model output. Raw HTML in the source is shown as text (never parsed), [n] becomes a
 * citation chip, and DOMPurify cleans the result as a second line of defence.
 */
const md = new Marked({
  gfm: true,
  breaks: false,
  renderer: { html: ({ text }) => escapeHtml(text) },
  extensions: [
    {
      name: 'cite',
      level: 'inline',
      start: (src: string) => src.indexOf('['),
      tokenizer(src: string) {
        const m = /^\[(\d{1,3})\](?!\()/.exec(src);
        return m ? { type: 'cite', raw: m[0], n: Number(m[1]) } : undefined;
      },
      renderer: (t) =>
        `<button type="button" class="cite-chip" data-cite="${t.n}" aria-label="Source ${t.n}">${t.n}</button>`,
    },
  ],
});

export function renderMarkdown(src: string): string {
  const html = md.parse(src, { async: false });
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'p',
      'br',
      'strong',
      'em',
      'code',
      'pre',
      'ul',
      'ol',
      'li',
      'blockquote',
      'h1',
      'h2',
      'h3',
      'h4',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'a',
      'button',
      'hr',
      'del',
    ],
    ALLOWED_ATTR: ['href', 'title', 'type', 'class', 'data-cite', 'aria-label'],
  });
}

export function Markdown({ text, onCite }: { text: string; onCite?: (n: number) => void }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-cite]');
    if (el) onCite?.(Number(el.dataset.cite));
    const a = (e.target as HTMLElement).closest('a');
    if (a) e.preventDefault(); // links never navigate the app window
  };
  // Sanitised by DOMPurify above: the one HTML sink in the app.
  return <div className="markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

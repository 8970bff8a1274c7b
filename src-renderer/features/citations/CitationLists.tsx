import { useEffect, useState } from 'react';
import type { DocumentCitations } from '../../../src-main/contract/citations';
import { describeError, useRpc } from '../../api/rpc';

const who = (d: { firstAuthor: string | null; year: number | null; title: string }) =>
  [d.firstAuthor, d.year].filter(Boolean).join(' ') || d.title;

/**
 * What a document cites in the library, what cites it, and its references that are not in the library
 * (candidates to add, with a DOI link where the reference prints one).
 */
export function CitationLists(props: { documentId: string; onOpen?(documentId: string): void }) {
  const api = useRpc();
  const [d, setD] = useState<DocumentCitations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  useEffect(() => {
    let live = true;
    setD(null);
    api.call('citations:document', { documentId: props.documentId }).then(
      (r) => live && setD(r),
      (e) => live && setError(describeError(e).message),
    );
    return () => {
      live = false;
    };
  }, [api, props.documentId]);
  if (error) return <p className="muted small">Citations could not be read: {error}</p>;
  if (!d) return <p className="muted small">Loading citations…</p>;
  const docList = (title: string, docs: DocumentCitations['cites'], testid: string) => (
    <div data-testid={testid}>
      <h4 className="small">
        {title} ({docs.length})
      </h4>
      {docs.length === 0 ? (
        <p className="muted small">None in this library.</p>
      ) : (
        <ul className="plain small">
          {docs.map((x) => (
            <li key={x.id}>
              {props.onOpen ? (
                <button type="button" className="link" onClick={() => props.onOpen?.(x.id)}>
                  {who(x)}
                </button>
              ) : (
                <strong>{who(x)}</strong>
              )}{' '}
              <span className="muted">{x.title}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  const missing = all ? d.missing : d.missing.slice(0, 8);
  return (
    <div className="citation-lists" data-testid="citation-lists">
      {docList('Cites in this library', d.cites, 'cites-list')}
      {docList('Cited by in this library', d.citedBy, 'cited-by-list')}
      <h4 className="small">Cited, not in this library ({d.missing.length})</h4>
      {!d.referencesRead ? (
        <p className="muted small">This document was read before reference lists were kept: read it again.</p>
      ) : d.missing.length === 0 ? (
        <p className="muted small">
          Every reference is in the library{d.references ? '' : ' (no reference list found)'}.
        </p>
      ) : (
        <ul className="plain small missing-refs" data-testid="missing-references">
          {missing.map((r) => (
            <li key={r.index}>
              {r.authors[0] ? `${r.authors[0]}${r.authors.length > 1 ? ' et al.' : ''} ` : ''}
              {r.year ? `(${r.year}) ` : ''}
              {r.title ?? r.raw}
              {r.doi && (
                <>
                  {' '}
                  <a href={`https://doi.org/${encodeURI(r.doi)}`} target="_blank" rel="noreferrer">
                    doi:{r.doi}
                  </a>
                </>
              )}
            </li>
          ))}
          {d.missing.length > missing.length && (
            <li>
              <button type="button" className="link" onClick={() => setAll(true)}>
                Show all {d.missing.length}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

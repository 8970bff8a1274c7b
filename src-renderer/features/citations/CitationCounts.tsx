import { useEffect, useState } from 'react';
import { useRpc } from '../../api/rpc';
import { useCitationStore } from './citation-store';
import { CitationLists } from './CitationLists';

/**
 * "Cites 2 · cited by 1 in this library" for one document of the library table, opening onto the lists
 * (and the references not in the library). The counts are read once for the whole table and again when the
 * library changes (a document in or out changes the others' counts).
 */
export function CitationCounts({ documentId, label }: { documentId: string; label: string }) {
  const api = useRpc();
  const c = useCitationStore((s) => s.counts.get(documentId));
  const loaded = useCitationStore((s) => s.loaded);
  const [open, setOpen] = useState(false);
  useEffect(() => useCitationStore.getState().retain(api), [api]);
  if (!loaded) return null;
  const text =
    c && (c.cites || c.citedBy)
      ? `Cites ${c.cites} · cited by ${c.citedBy} in this library`
      : 'No citations in this library';
  return (
    <div className="citation-counts small">
      <button
        type="button"
        className="link"
        aria-expanded={open}
        aria-label={`${text}: ${open ? 'hide' : 'show'} the references of ${label}`}
        onClick={() => setOpen(!open)}
        data-testid="citation-counts"
        data-cites={c?.cites ?? 0}
        data-cited-by={c?.citedBy ?? 0}
      >
        {text}
      </button>
      {open && <CitationLists documentId={documentId} />}
    </div>
  );
}

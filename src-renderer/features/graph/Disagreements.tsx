import { useEffect, useState } from 'react';
import type { Contradiction } from '../../../src-main/contract/contradictions';
import { describeError, useRpc } from '../../api/rpc';
import { CitationLink } from './CitationLink';

/**
 * Evidence of opposite sign between the same two entities ("X increases Y" against "X decreases Y", or
 * denied), the two sides next to each other with their quotes, so the reader sees where papers disagree.
 * For one entity (the entity panel) or for the evidence of some documents (the paper map).
 */
export function Disagreements(props: { entityId?: string; documentIds?: string[]; title?: string }) {
  const api = useRpc();
  const [list, setList] = useState<Contradiction[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const docs = props.documentIds?.join(',');
  useEffect(() => {
    let live = true;
    setList(null);
    setError(null);
    api
      .call('graph:contradictions', {
        ...(props.entityId ? { entityId: props.entityId } : {}),
        ...(docs ? { documentIds: docs.split(',') } : {}),
        limit: 50,
      })
      .then(
        (r) => live && setList(r.contradictions),
        (e) => live && setError(describeError(e).message),
      );
    return () => {
      live = false;
    };
  }, [api, props.entityId, docs]);

  if (error) return <p className="muted small">Disagreements could not be read: {error}</p>;
  if (!list || list.length === 0) return null;
  return (
    <section className="disagreements" data-testid="disagreements" aria-label="Disagreements">
      <h3>
        {props.title ?? 'Disagreements'} ({list.length})
      </h3>
      <ul className="plain">
        {list.map((c, i) => (
          <li key={`${c.source.id}|${c.target.id}|${i}`} className="disagreement">
            <div className="small muted">
              {c.source.name} → {c.target.name}
              {c.documents > 1 ? ` · ${c.documents} papers` : ' · within one paper'}
            </div>
            <div className="disagreement-sides">
              {c.sides.map((side, k) => {
                const ev = side.evidence[0];
                return (
                  <div key={k} className={`disagreement-side ${side.sign > 0 ? 'up' : 'down'}`}>
                    <div className="disagreement-claim">
                      {side.claim}
                      {side.evidence.length > 1 && (
                        <span className="muted small"> ×{side.evidence.length}</span>
                      )}
                    </div>
                    {ev && (
                      <>
                        <blockquote>
                          “{ev.citation.quote}”{ev.hedged && <span className="muted small"> (hedged)</span>}
                        </blockquote>
                        <CitationLink c={ev.citation} />
                      </>
                    )}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

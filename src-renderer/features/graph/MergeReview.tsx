import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { MergeCandidate } from '../../../src-main/contract/graph';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useNoticeStore } from '../../stores/notice-store';

type Candidate = z.infer<typeof MergeCandidate>;

/** Pairs entity resolution was unsure about: the scientist decides, with an undo for each merge. */
export function MergeReview() {
  const api = useRpc();
  const note = useNoticeStore((s) => s.push);
  const [list, setList] = useState<Candidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ mergeId: string; text: string } | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.call('graph:merge-candidates', { limit: 100 }).then(
      (r) => setList(r.candidates),
      (e) => setError(describeError(e).message),
    );
  }, [api]);
  useEffect(load, [load]);

  const drop = (c: Candidate) => setList((l) => l?.filter((x) => x !== c) ?? null);
  const merge = async (c: Candidate, keep: 'a' | 'b') => {
    const [s, m] = keep === 'a' ? [c.a, c.b] : [c.b, c.a];
    try {
      const r = await api.call('graph:merge', { survivorId: s.id, mergedIds: [m.id] });
      setUndo({ mergeId: r.mergeId, text: `Merged “${m.name}” into “${s.name}”.` });
      drop(c);
    } catch (e) {
      note('error', describeError(e).message);
    }
  };

  return (
    <div className="panel-body" data-testid="merge-review">
      <h2 className="panel-title">Possible duplicates</h2>
      <p className="muted small">
        Entity resolution was not sure these are the same. Merging keeps every piece of evidence.
      </p>
      {undo && (
        <div className="notice">
          {undo.text}{' '}
          <button
            type="button"
            className="link"
            onClick={() =>
              void api.call('graph:undo-merge', { mergeId: undo.mergeId }).then(
                () => {
                  setUndo(null);
                  load();
                },
                (e) => note('error', describeError(e).message),
              )
            }
          >
            Undo
          </button>
        </div>
      )}
      {error && <ErrorBanner message={error} onRetry={load} />}
      {list?.length === 0 && <p className="muted">Nothing to review.</p>}
      <ul className="plain merge-list">
        {list?.map((c) => (
          <li key={`${c.a.id}|${c.b.id}`} className="merge-item">
            <div className="merge-pair">
              <div>
                <strong>{c.a.name}</strong>{' '}
                <span className="muted small">
                  {c.a.type} · {c.a.evidenceCount}
                </span>
              </div>
              <div>
                <strong>{c.b.name}</strong>{' '}
                <span className="muted small">
                  {c.b.type} · {c.b.evidenceCount}
                </span>
              </div>
            </div>
            <div className="muted small">
              {Math.round(c.score * 100)}% · {c.reason}
            </div>
            <div className="actions">
              <button type="button" className="btn btn-small" onClick={() => void merge(c, 'a')}>
                Keep “{c.a.name}”
              </button>
              <button type="button" className="btn btn-small" onClick={() => void merge(c, 'b')}>
                Keep “{c.b.name}”
              </button>
              <button type="button" className="btn btn-small btn-quiet" onClick={() => drop(c)}>
                Not the same
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

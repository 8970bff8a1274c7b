import { useCallback, useEffect, useState } from 'react';
import type { DuplicateGroup, DuplicatePair } from '../../../src-main/contract/duplicates';
import { describeError, useRpc } from '../../api/rpc';
import { ErrorBanner } from '../../components/ErrorBanner';
import { pairKey, useMergeHistory } from '../../stores/merge-history-store';
import { useNoticeStore } from '../../stores/notice-store';
import { mergePlan } from './merge-plan';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Possible duplicates, grouped by why they look alike (singular and plural, abbreviation and long form, near
 * spelling) and scored by what they share besides letters. A whole group is accepted or rejected in one
 * action; every accepted merge goes to a history list with its Undo, which outlives the panel.
 */
export function MergeReview() {
  const api = useRpc();
  const note = useNoticeStore((s) => s.push);
  const history = useMergeHistory();
  const [groups, setGroups] = useState<DuplicateGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Set<string>>(new Set());

  const load = useCallback(() => {
    setError(null);
    api.call('graph:duplicates', { limit: 500 }).then(
      (r) => setGroups(r.groups),
      (e) => setError(describeError(e).message),
    );
  }, [api]);
  useEffect(load, [load]);

  const shown = (g: DuplicateGroup) => g.pairs.filter((p) => !history.rejected.has(pairKey(p.a.id, p.b.id)));

  const accept = async (pairs: DuplicatePair[], text: string) => {
    setBusy(true);
    const mergeIds: string[] = [];
    try {
      for (const m of mergePlan(pairs)) {
        const r = await api.call('graph:merge', { survivorId: m.survivorId, mergedIds: m.mergedIds });
        mergeIds.push(r.mergeId);
      }
    } catch (e) {
      note('error', describeError(e).message);
    } finally {
      if (mergeIds.length) history.add(text, mergeIds);
      setBusy(false);
      load();
    }
  };
  const undo = async (id: number, mergeIds: string[]) => {
    setBusy(true);
    try {
      await api.call('graph:undo-merge', { mergeId: mergeIds.join(',') });
      history.markUndone(id);
      load();
    } catch (e) {
      note('error', describeError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const reject = (pairs: DuplicatePair[]) => history.reject(pairs.map((p) => pairKey(p.a.id, p.b.id)));

  const total = groups?.reduce((n, g) => n + shown(g).length, 0) ?? 0;
  return (
    <div className="panel-body" data-testid="merge-review">
      <h2 className="panel-title">Possible duplicates</h2>
      <p className="muted small">
        Grouped by why they look alike. Merging keeps every piece of evidence, and every merge can be undone
        below.
      </p>
      {error && <ErrorBanner message={error} onRetry={load} />}
      {groups && total === 0 && <p className="muted">Nothing to review.</p>}
      {groups?.map((g) => {
        const pairs = shown(g);
        if (!pairs.length) return null;
        const expanded = open.has(g.kind);
        return (
          <section key={g.kind} className="merge-group" data-testid="merge-group" data-kind={g.kind}>
            <h3 className="merge-group-title">
              {g.title} <span className="muted small">({plural(pairs.length, 'pair')})</span>
            </h3>
            <p className="small muted">
              {pairs
                .slice(0, 4)
                .map((p) => `${p.a.name} / ${p.b.name}`)
                .join(' · ')}
              {pairs.length > 4 ? ' · …' : ''}
            </p>
            <div className="actions">
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={busy}
                onClick={() =>
                  void accept(pairs, `Merged ${plural(pairs.length, 'pair')}: ${g.title.toLowerCase()}.`)
                }
                data-testid="merge-group-accept"
              >
                Merge all {pairs.length}
              </button>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => reject(pairs)}>
                Not duplicates
              </button>
              <button
                type="button"
                className="btn btn-small btn-quiet"
                aria-expanded={expanded}
                onClick={() => {
                  const next = new Set(open);
                  if (expanded) next.delete(g.kind);
                  else next.add(g.kind);
                  setOpen(next);
                }}
              >
                {expanded ? 'Hide pairs' : 'Review one by one'}
              </button>
            </div>
            {expanded && (
              <ul className="plain merge-list">
                {pairs.slice(0, 200).map((p) => {
                  const [keep, drop] = p.keep === 'a' ? [p.a, p.b] : [p.b, p.a];
                  return (
                    <li key={pairKey(p.a.id, p.b.id)} className="merge-item">
                      <div className="merge-pair">
                        <div>
                          <strong>{keep.name}</strong>{' '}
                          <span className="muted small">
                            {keep.type} · {keep.evidenceCount}
                          </span>
                        </div>
                        <div>
                          <strong>{drop.name}</strong>{' '}
                          <span className="muted small">
                            {drop.type} · {drop.evidenceCount}
                          </span>
                        </div>
                      </div>
                      <div className="muted small">
                        {Math.round(p.score * 100)}% · {p.reasons.join(', ')}
                      </div>
                      <div className="actions">
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={busy}
                          onClick={() => void accept([p], `Merged “${drop.name}” into “${keep.name}”.`)}
                        >
                          Merge into “{keep.name}”
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-quiet"
                          disabled={busy}
                          onClick={() => reject([p])}
                        >
                          Not the same
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
      {history.entries.length > 0 && (
        <section className="merge-history" data-testid="merge-history" aria-label="Merge history">
          <h3>History</h3>
          <ul className="plain">
            {history.entries.map((h) => (
              <li key={h.id} className="small">
                {h.text}{' '}
                {h.undone ? (
                  <span className="muted">(undone)</span>
                ) : (
                  <button
                    type="button"
                    className="link"
                    disabled={busy}
                    onClick={() => void undo(h.id, h.mergeIds)}
                    data-testid="merge-undo"
                  >
                    Undo
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

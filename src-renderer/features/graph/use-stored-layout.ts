import type Graph from 'graphology';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LayoutView } from '../../../src-main/contract/layout';
import { useRpc } from '../../api/rpc';

export type Positions = Map<string, { x: number; y: number }>;

/**
 * A view's stored node positions (`graph:layout`), loaded once per view; `save` merges a finished layout
 * into them and stores the result, keeping the positions of nodes the current view does not show.
 * `positions` is null while loading: the canvas waits, so the first picture is already the stored one.
 */
export function useStoredLayout(view: LayoutView | null) {
  const api = useRpc();
  const [positions, setPositions] = useState<Positions | null>(null);
  const current = useRef<Positions>(new Map());
  useEffect(() => {
    let live = true;
    setPositions(null);
    const done = (p: Positions) => {
      if (!live) return;
      current.current = p;
      setPositions(p);
    };
    if (!view) done(new Map());
    else
      api.call('graph:layout', { view }).then(
        (l) => {
          const p: Positions = new Map();
          l.ids.forEach((id, i) => p.set(id, { x: l.xy[2 * i] ?? 0, y: l.xy[2 * i + 1] ?? 0 }));
          done(p);
        },
        () => done(new Map()),
      );
    return () => {
      live = false;
    };
  }, [api, view]);

  const save = useCallback(
    (g: Graph) => {
      if (!view) return;
      const next: Positions = new Map(current.current);
      g.forEachNode((k, a) => next.set(k, { x: a.x as number, y: a.y as number }));
      current.current = next;
      const ids = [...next.keys()];
      const xy = ids.flatMap((id) => {
        const p = next.get(id);
        return p ? [p.x, p.y] : [0, 0];
      });
      // A failed save only costs the next visit a layout run.
      api.call('graph:save-layout', { view, ids, xy }).catch(() => undefined);
    },
    [api, view],
  );
  return { positions, save, stored: current };
}

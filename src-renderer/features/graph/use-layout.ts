import type Graph from 'graphology';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LayoutIn, LayoutOut } from './layout-protocol';

/**
 * ForceAtlas2 in a module worker: the main thread only copies positions in (one event per batch), so a
 * 20k-node layout never blocks scrolling, typing or clicking.
 */
export function useLayout(onPositions: (done: boolean) => void) {
  const worker = useRef<Worker | null>(null);
  const graphRef = useRef<Graph | null>(null);
  const runId = useRef(0);
  const [running, setRunning] = useState(false);
  const cb = useRef(onPositions);
  useEffect(() => {
    cb.current = onPositions;
  });

  useEffect(() => {
    const w = new Worker(new URL('./layout-worker.ts', import.meta.url), {
      type: 'module',
      name: 'forceatlas2',
    });
    w.onmessage = (ev: MessageEvent<LayoutOut>) => {
      const msg = ev.data;
      const g = graphRef.current;
      if (msg.run !== runId.current || !g) return;
      let i = 0;
      const xy = msg.xy;
      g.updateEachNodeAttributes(
        (_k, a) => {
          a.x = xy[i * 2];
          a.y = xy[i * 2 + 1];
          i++;
          return a;
        },
        { attributes: ['x', 'y'] },
      );
      if (msg.done) setRunning(false);
      cb.current(msg.done);
    };
    worker.current = w;
    return () => w.terminate();
  }, []);

  const start = useCallback(
    (g: Graph, opts: { fixed?: Set<string>; iterations?: number; linLog?: boolean } = {}) => {
      graphRef.current = g;
      const n = g.order;
      if (n === 0 || !worker.current) return;
      const index = new Map<string, number>();
      const nodes = new Float32Array(n * 3);
      const fixed = opts.fixed?.size ? new Uint8Array(n) : undefined;
      let i = 0;
      g.forEachNode((k, a) => {
        index.set(k, i);
        nodes[i * 3] = a.x as number;
        nodes[i * 3 + 1] = a.y as number;
        nodes[i * 3 + 2] = a.size as number;
        if (fixed && opts.fixed?.has(k)) fixed[i] = 1;
        i++;
      });
      const edges = new Float32Array(g.size * 3);
      let e = 0;
      const indexOf = (node: string) => {
        const k = index.get(node);
        if (k === undefined) throw new Error(`Edge endpoint ${node} is not a node of the graph.`);
        return k;
      };
      g.forEachEdge((_k, a, s, t) => {
        edges[e++] = indexOf(s);
        edges[e++] = indexOf(t);
        edges[e++] = Math.max(1, (a.weight as number) ?? 1);
      });
      runId.current++;
      const msg: LayoutIn = {
        type: 'start',
        run: runId.current,
        nodes,
        edges,
        maxIterations: opts.iterations ?? (n > 5000 ? 400 : 800),
        maxMs: n > 5000 ? 25_000 : 8_000,
        ...(fixed ? { fixed } : {}),
        ...(opts.linLog ? { linLog: true } : {}),
      };
      worker.current.postMessage(
        msg,
        fixed ? [nodes.buffer, edges.buffer, fixed.buffer] : [nodes.buffer, edges.buffer],
      );
      setRunning(true);
    },
    [],
  );

  const stop = useCallback(() => {
    runId.current++;
    worker.current?.postMessage({ type: 'stop' } satisfies LayoutIn);
    setRunning(false);
  }, []);

  return { start, stop, running };
}

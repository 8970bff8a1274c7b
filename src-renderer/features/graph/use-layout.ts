import type Graph from 'graphology';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LayoutIn, LayoutOut } from './layout-protocol';

/**
 * ForceAtlas2 in a module worker: the main thread only copies positions in (one event per batch), so a
 * 20k-node layout never blocks scrolling, typing or clicking.
 */
export function useLayout(onPositions: () => void) {
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
      cb.current();
    };
    worker.current = w;
    return () => w.terminate();
  }, []);

  const start = useCallback((g: Graph) => {
    graphRef.current = g;
    const n = g.order;
    if (n === 0 || !worker.current) return;
    const index = new Map<string, number>();
    const nodes = new Float32Array(n * 3);
    let i = 0;
    g.forEachNode((k, a) => {
      index.set(k, i);
      nodes[i * 3] = a.x as number;
      nodes[i * 3 + 1] = a.y as number;
      nodes[i * 3 + 2] = a.size as number;
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
      maxIterations: n > 5000 ? 400 : 800,
      maxMs: n > 5000 ? 25_000 : 8_000,
    };
    worker.current.postMessage(msg, [nodes.buffer, edges.buffer]);
    setRunning(true);
  }, []);

  const stop = useCallback(() => {
    runId.current++;
    worker.current?.postMessage({ type: 'stop' } satisfies LayoutIn);
    setRunning(false);
  }, []);

  return { start, stop, running };
}

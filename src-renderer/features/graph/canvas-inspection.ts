import type Sigma from 'sigma';
import type { LabelLayer } from './label-layer';
import type { PlacedLabel } from './label-placement';

/**
 * What the explorer's canvas shows, in CSS px of the canvas (origin top-left). Sigma draws on WebGL and 2D
 * canvases, so the DOM cannot tell a test which nodes and labels are on screen; this snapshot can. Read-only
 * and computed on call: nothing is kept or done for it between calls.
 */
export interface CanvasSnapshot {
  width: number;
  height: number;
  camera: { x: number; y: number; ratio: number };
  /** Whether the camera is still animating (a zoom or a refit in progress). */
  moving: boolean;
  /** Node labels drawn on the last frame and their boxes. */
  labels: PlacedLabel[];
  /** Labels sigma's grid offered on the last frame; those not in `labels` collided or left the canvas. */
  offered: number;
  /** Every drawn node: centre and radius on screen, and its label. */
  nodes: { key: string; x: number; y: number; size: number; label: string }[];
  /** Every edge of the drawn graph, with its kind on the paper map ("cites": source cites target). */
  edges: { source: string; target: string; kind: string }[];
}

declare global {
  interface Window {
    /** Test and inspection hook: what the graph canvas currently shows. Set while the explorer is open. */
    __ariadneCanvas?: {
      snapshot(): CanvasSnapshot;
      /** Every node's layout position (graph coordinates), to compare two visits. */
      positions(): Record<string, [number, number]>;
    };
  }
}

export function snapshotOf(sigma: Sigma, labels: LabelLayer): CanvasSnapshot {
  const { width, height } = sigma.getDimensions();
  const camera = sigma.getCamera();
  const { x, y, ratio } = camera.getState();
  const nodes: CanvasSnapshot['nodes'] = [];
  sigma.getGraph().forEachNode((key) => {
    const d = sigma.getNodeDisplayData(key);
    if (!d || d.hidden) return;
    const p = sigma.framedGraphToViewport(d);
    nodes.push({ key, x: p.x, y: p.y, size: sigma.scaleSize(d.size), label: d.label ?? '' });
  });
  const edges: CanvasSnapshot['edges'] = [];
  sigma
    .getGraph()
    .forEachEdge((_k, a, source, target) =>
      edges.push({ source, target, kind: String(a.kind ?? 'related') }),
    );
  return {
    width,
    height,
    camera: { x, y, ratio },
    moving: camera.isAnimated(),
    labels: labels.placed(),
    offered: labels.offered(),
    nodes,
    edges,
  };
}

export function positionsOf(sigma: Sigma): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  sigma.getGraph().forEachNode((key, a) => (out[key] = [a.x as number, a.y as number]));
  return out;
}

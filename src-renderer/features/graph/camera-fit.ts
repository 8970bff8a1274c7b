import type Sigma from 'sigma';
import type { CameraState } from 'sigma/types';
import type { Box } from './label-placement';

/** Overlays pinned over the canvas that the fitted graph keeps clear of (the legend) carry this attribute. */
const AVOID_ATTR = 'data-fit-avoid';
const HOME: CameraState = { x: 0.5, y: 0.5, ratio: 1, angle: 0 };

/**
 * The camera that shows the whole graph where no overlay covers it. Sigma's home camera fits the graph's
 * bounding box to the canvas, so the legend in its corner hid nodes; this one fits the box beside the
 * legend or below it, whichever leaves the graph larger, shrinking it only when it must. The box is in
 * sigma's framed coordinates, which follow the layout as it moves, so the fit stays right as nodes settle.
 */
export function fittedCamera(sigma: Sigma): CameraState {
  const { width, height } = sigma.getDimensions();
  const pad = sigma.getStagePadding();
  const a = sigma.framedGraphToViewport({ x: 0, y: 0 }, { cameraState: HOME });
  const b = sigma.framedGraphToViewport({ x: 1, y: 1 }, { cameraState: HOME });
  const graph: Box = {
    x: Math.min(a.x, b.x) - pad,
    y: Math.min(a.y, b.y) - pad,
    width: Math.abs(a.x - b.x) + 2 * pad,
    height: Math.abs(a.y - b.y) + 2 * pad,
  };
  const cover = avoided(sigma.getContainer());
  if (!cover || !overlaps(graph, cover)) return HOME;

  const free: Box[] = [
    { x: cover.x + cover.width, y: 0, width: width - cover.x - cover.width, height },
    { x: 0, y: cover.y + cover.height, width, height: height - cover.y - cover.height },
  ];
  const scale = (r: Box) => Math.min(1, r.width / graph.width, r.height / graph.height);
  const room = free.reduce((best, r) => (scale(r) > scale(best) ? r : best));
  const k = scale(room);
  if (k <= 0) return HOME;
  // Under a camera centred on framed point P with ratio 1/k, a point at v on the home view moves to
  // centre + (v − P's home position) · k: solve for the P that puts the graph's centre in the room's centre.
  const centre = { x: width / 2, y: height / 2 };
  const target = { x: room.x + room.width / 2, y: room.y + room.height / 2 };
  const from = { x: graph.x + graph.width / 2, y: graph.y + graph.height / 2 };
  const p = sigma.viewportToFramedGraph(
    { x: from.x - (target.x - centre.x) / k, y: from.y - (target.y - centre.y) / k },
    { cameraState: HOME },
  );
  return { x: p.x, y: p.y, ratio: 1 / k, angle: 0 };
}

/** The camera on the box around `keys` (a search result), or null when none of them is drawn. */
export function framedCamera(sigma: Sigma, keys: string[]): CameraState | null {
  const pts = keys.flatMap((k) => {
    const d = sigma.getNodeDisplayData(k);
    return d ? [d] : [];
  });
  if (!pts.length) return null;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const ratio = Math.min(1, Math.max(0.08, 1.6 * Math.max(x1 - x0, y1 - y0)));
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, ratio, angle: 0 };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The overlay to keep clear of, in canvas coordinates, with a little air around it. */
function avoided(container: HTMLElement): Box | null {
  const el = container.parentElement?.querySelector<HTMLElement>(`[${AVOID_ATTR}]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  const origin = container.getBoundingClientRect();
  const air = 6;
  return { x: r.left - origin.left, y: r.top - origin.top, width: r.width + air, height: r.height + air };
}

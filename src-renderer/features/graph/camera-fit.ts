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
  return cameraOn(sigma, graph, roomsBeside(sigma, cover), { max: 1 }) ?? HOME;
}

/** How much of the room a framed search result fills: the rest is air for the labels of its outer nodes. */
const FRAMED_SHARE = 1 / 1.6;
/** The closest a framed search result zooms in (camera ratio 0.08), so one node does not fill the canvas. */
const MAX_ZOOM = 12.5;

/**
 * The camera on the box around `keys` (a search result), or null when none of them is drawn. The box is
 * framed where no overlay covers it, like the whole graph: framed on the full canvas, a path running across
 * the graph kept the home view, and its hop "body weight" sat under the legend, where no label can be read.
 */
export function framedCamera(sigma: Sigma, keys: string[]): CameraState | null {
  const pts = keys.flatMap((k) => {
    const d = sigma.getNodeDisplayData(k);
    return d ? [sigma.framedGraphToViewport(d, { cameraState: HOME })] : [];
  });
  if (!pts.length) return null;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const box: Box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const { width, height } = sigma.getDimensions();
  const whole = [{ x: 0, y: 0, width, height }];
  const cover = avoided(sigma.getContainer());
  // Never further out than the home view on the full canvas, nor than the fitted whole graph beside the
  // legend: the whole graph there already shows the box clear of it.
  const onWhole = cameraOn(sigma, box, whole, { min: 1, max: MAX_ZOOM, share: FRAMED_SHARE });
  if (!cover || !onWhole || !overlaps(shown(sigma, box, onWhole), cover)) return onWhole;
  const fitted = fittedCamera(sigma);
  const beside = cameraOn(sigma, box, roomsBeside(sigma, cover), { max: MAX_ZOOM, share: FRAMED_SHARE });
  return beside && beside.ratio < fitted.ratio ? beside : fitted;
}

/** The canvas beside the overlay and below it. */
function roomsBeside(sigma: Sigma, cover: Box): Box[] {
  const { width, height } = sigma.getDimensions();
  return [
    { x: cover.x + cover.width, y: 0, width: width - cover.x - cover.width, height },
    { x: 0, y: cover.y + cover.height, width, height: height - cover.y - cover.height },
  ];
}

interface Zoom {
  /** Bounds of the zoom against the home view (2: things twice their home size). */
  min?: number;
  max: number;
  /** The share of the room the box fills at most. */
  share?: number;
}

/**
 * The camera that shows `box` (viewport px under the home camera) as large as it fits in whichever room
 * leaves it larger, within the zoom's bounds, centred in that room. Null: no room at all.
 */
function cameraOn(sigma: Sigma, box: Box, rooms: Box[], zoom: Zoom): CameraState | null {
  const { min = 0, max, share = 1 } = zoom;
  const fit = (r: Box) =>
    Math.min(
      max,
      box.width > 0 ? (share * r.width) / box.width : max,
      box.height > 0 ? (share * r.height) / box.height : max,
    );
  const room = rooms.reduce((best, r) => (fit(r) > fit(best) ? r : best));
  const k = Math.max(min, fit(room));
  if (!(k > 0)) return null;
  // Under a camera centred on framed point P with ratio 1/k, a point at v on the home view moves to
  // centre + (v − P's home position) · k: solve for the P that puts the box's centre in the room's centre.
  const { width, height } = sigma.getDimensions();
  const centre = { x: width / 2, y: height / 2 };
  const target = { x: room.x + room.width / 2, y: room.y + room.height / 2 };
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const p = sigma.viewportToFramedGraph(
    { x: from.x - (target.x - centre.x) / k, y: from.y - (target.y - centre.y) / k },
    { cameraState: HOME },
  );
  return { x: p.x, y: p.y, ratio: 1 / k, angle: 0 };
}

/** Where `box` (viewport px under the home camera) is drawn under `camera`. */
function shown(sigma: Sigma, box: Box, camera: CameraState): Box {
  const { width, height } = sigma.getDimensions();
  const at = (x: number, y: number) =>
    sigma.framedGraphToViewport(sigma.viewportToFramedGraph({ x, y }, { cameraState: HOME }), {
      cameraState: camera,
    });
  const a = at(box.x, box.y);
  const b = at(box.x + box.width, box.y + box.height);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x: Math.max(0, x),
    y: Math.max(0, y),
    width: Math.min(width, Math.max(a.x, b.x)) - Math.max(0, x),
    height: Math.min(height, Math.max(a.y, b.y)) - Math.max(0, y),
  };
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

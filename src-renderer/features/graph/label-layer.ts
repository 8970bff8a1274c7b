import type Sigma from 'sigma';
import type { Settings } from 'sigma/settings';
import type { NodeLabelDrawingFunction } from 'sigma/rendering';
import { placeLabels, type Box, type LabelCandidate, type PlacedLabel } from './label-placement';

/** Elements over the canvas that labels must not run under (the legend, the caption) carry this attribute. */
const OBSTACLE_ATTR = 'data-label-obstacle';

export interface LabelLayer {
  /** The labels drawn on the last frame, with their boxes in CSS px of the canvas. */
  placed(): PlacedLabel[];
  /** How many labels sigma's grid offered on the last frame, before collisions were removed. */
  offered(): number;
  detach(): void;
}

/**
 * Takes node labels over from sigma: its grid still chooses the candidates for the camera's zoom (the
 * label-drawing setting is called once per candidate), and after the frame this layer places them without
 * collisions (label-placement.ts) and draws them on sigma's label canvas, which sigma clears each frame.
 */
export function attachLabelLayer(sigma: Sigma): LabelLayer {
  let frame: LabelCandidate[] = [];
  let placed: PlacedLabel[] = [];
  let offered = 0;
  const widths = new Map<string, number>();
  // sigma always creates its label layer, and a 2D context of a fresh canvas is always available.
  const canvas = sigma.getCanvases().labels;
  const context = canvas?.getContext('2d');
  if (!canvas || !context) throw new Error('sigma has no label canvas to draw on.');

  const collect: NodeLabelDrawingFunction = (_context, data) => {
    const key = (data as { key?: string }).key;
    if (!data.label || key === undefined) return;
    frame.push({
      key,
      label: data.label,
      x: data.x,
      y: data.y,
      size: data.size,
      selected: !!data.highlighted,
      forced: !!data.forceLabel,
      clearOfDiscs: !!(data as { clearOfDiscs?: boolean }).clearOfDiscs,
    });
  };
  const before = () => {
    frame = [];
  };
  const after = () => {
    const settings = sigma.getSettings();
    const { width, height } = sigma.getDimensions();
    context.font = fontOf(settings);
    const measure = (text: string) => {
      const k = `${context.font}\u0000${text}`;
      let w = widths.get(k);
      if (w === undefined) widths.set(k, (w = context.measureText(text).width));
      return w;
    };
    offered = frame.length;
    placed = placeLabels({
      candidates: frame,
      fontSize: settings.labelSize,
      width,
      height,
      obstacles: obstacles(sigma.getContainer()),
      discs: discsOf(sigma),
      measure,
    });
    draw(context, placed, settings);
    frame = [];
  };

  sigma.setSetting('defaultDrawNodeLabel', collect);
  sigma.on('beforeRender', before);
  sigma.on('afterRender', after);
  return {
    placed: () => placed,
    offered: () => offered,
    detach() {
      sigma.off('beforeRender', before);
      sigma.off('afterRender', after);
    },
  };
}

/**
 * Nodes on screen, so labels run over none of them. Above this many nodes the per-frame walk costs more
 * than it gives: the grid then offers few labels for the space and nodes are specks under the text anyway.
 */
const MAX_DISC_NODES = 5000;
function discsOf(sigma: Sigma): { key: string; x: number; y: number; size: number }[] {
  const g = sigma.getGraph();
  if (g.order > MAX_DISC_NODES) return [];
  const out: { key: string; x: number; y: number; size: number }[] = [];
  g.forEachNode((key) => {
    const d = sigma.getNodeDisplayData(key);
    if (!d || d.hidden) return;
    const p = sigma.framedGraphToViewport(d);
    out.push({ key, x: p.x, y: p.y, size: sigma.scaleSize(d.size) });
  });
  return out;
}

const fontOf = (s: Settings) => `${s.labelWeight} ${s.labelSize}px ${s.labelFont}`;

/** Overlays of the canvas's stage, as boxes relative to the canvas. */
function obstacles(container: HTMLElement): Box[] {
  const stage = container.parentElement;
  if (!stage) return [];
  const origin = container.getBoundingClientRect();
  return Array.from(stage.querySelectorAll<HTMLElement>(`[${OBSTACLE_ATTR}]`), (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
}

function draw(context: CanvasRenderingContext2D, labels: PlacedLabel[], settings: Settings): void {
  const colour = settings.labelColor;
  context.fillStyle = ('color' in colour && colour.color) || '#000';
  context.font = fontOf(settings);
  // Sigma's own label drawing puts the baseline a third of the font size below the node's centre.
  for (const l of labels) context.fillText(l.label, l.x, l.y + l.height / 2 + settings.labelSize / 3);
}

/**
 * Which node labels the explorer draws, and where. Sigma's label grid picks candidates (one or a few per
 * screen cell, more as the camera zooms in) but does not check that the chosen labels miss each other: a
 * long name in one cell runs into its neighbour's. This pass places the candidates one by one, most
 * important first, beside their node (right, else left), and drops a label whose box would cover a label
 * already placed, another node, an obstacle (the legend, the caption) or the canvas edge — except that a
 * highlighted node's label may cover another node's disc, and goes above or below its node when both sides
 * are taken. Pure: screen boxes in, boxes out.
 */

/** An axis-aligned box in CSS pixels of the canvas, origin top-left. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelCandidate {
  key: string;
  label: string;
  /** The node's centre on screen. */
  x: number;
  y: number;
  /** The node's rendered radius on screen. */
  size: number;
  /** Selected node: placed first, and drawn even where it would cover the canvas edge. */
  selected: boolean;
  /** Highlighted or hovered neighbourhood: placed before the grid's ordinary picks. */
  forced: boolean;
  /**
   * Placed before the grid's picks like `forced`, but never over another node's disc: the best-connected
   * nodes a big graph always names, which are not what the reader is following.
   */
  clearOfDiscs?: boolean;
}

export interface PlacedLabel extends Box {
  key: string;
  label: string;
  side: Side;
}

/** Beside the node for every label; above or below it too for a highlighted one that has no room beside. */
export type Side = 'right' | 'left' | 'above' | 'below';

export interface PlacementInput {
  candidates: LabelCandidate[];
  /** Label font size in px. */
  fontSize: number;
  /** Canvas size in CSS px. */
  width: number;
  height: number;
  /** Boxes no label may cover. */
  obstacles: Box[];
  /** Nodes on screen (centre and radius): a label covers none but its own. */
  discs?: { key: string; x: number; y: number; size: number }[];
  /** Text width in px at `fontSize`. */
  measure(text: string): number;
}

/** Space kept between the node's disc and its label, as sigma's own label drawing does. */
export const LABEL_GAP = 3;
/** Breathing room around each label box, so two labels never touch. */
const MARGIN = 2;
/** Spatial hash cell for the collision check, in px: a few labels per cell on a dense screen. */
const CELL = 64;

export const intersects = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (b: Box, width: number, height: number): boolean =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height;

/** Most important first; ties broken by size, then key, so the same screen always gives the same labels. */
function byPriority(a: LabelCandidate, b: LabelCandidate): number {
  const rank = (c: LabelCandidate) => (c.selected ? 2 : c.forced ? 1 : 0);
  return rank(b) - rank(a) || b.size - a.size || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The box a label's text covers on `side` of its node: the text is drawn on the baseline y + fontSize / 3. */
export function labelBox(c: LabelCandidate, side: Side, textWidth: number, fontSize: number): Box {
  const height = Math.ceil(fontSize * 1.2);
  if (side === 'above' || side === 'below') {
    // Clear of the disc and of a label beside a node on the same row, whose box spans half a line each way.
    const off = Math.max(c.size + LABEL_GAP, height / 2 + 2 * MARGIN + 1);
    const y = side === 'above' ? c.y - off - height : c.y + off;
    return { x: c.x - textWidth / 2, y, width: textWidth, height };
  }
  const x = side === 'right' ? c.x + c.size + LABEL_GAP : c.x - c.size - LABEL_GAP - textWidth;
  return { x, y: c.y - height / 2, width: textWidth, height };
}

export function placeLabels(input: PlacementInput): PlacedLabel[] {
  const { fontSize, width, height, measure } = input;
  const placed: PlacedLabel[] = [];
  const cells = (b: Box): number[] => {
    const out: number[] = [];
    for (let cx = Math.floor(b.x / CELL); cx <= Math.floor((b.x + b.width) / CELL); cx++)
      for (let cy = Math.floor(b.y / CELL); cy <= Math.floor((b.y + b.height) / CELL); cy++)
        out.push(cx * 100_003 + cy);
    return out;
  };
  const grown = (b: Box): Box => ({
    x: b.x - MARGIN,
    y: b.y - MARGIN,
    width: b.width + 2 * MARGIN,
    height: b.height + 2 * MARGIN,
  });
  // Placed labels and node discs are kept apart: a highlighted label may cover a disc, never a label.
  const labelGrid = new Map<number, Box[]>();
  const discGrid = new Map<number, Box[]>();
  const hits = (grid: Map<number, Box[]>, b: Box) =>
    cells(b).some((c) => grid.get(c)?.some((o) => intersects(grown(b), o)));
  const free = (b: Box, overDiscs: boolean) =>
    !input.obstacles.some((o) => intersects(b, o)) &&
    !hits(labelGrid, b) &&
    (overDiscs || !hits(discGrid, b));
  const seen = new Set<string>();
  const add = (grid: Map<number, Box[]>, b: Box) => {
    for (const cell of cells(b)) {
      const list = grid.get(cell);
      if (list) list.push(b);
      else grid.set(cell, [b]);
    }
  };
  // A label's own disc ends LABEL_GAP before its text, further than MARGIN: it never blocks its own label.
  for (const d of input.discs ?? [])
    if (d.x + d.size >= 0 && d.x - d.size <= width && d.y + d.size >= 0 && d.y - d.size <= height)
      add(discGrid, { x: d.x - d.size, y: d.y - d.size, width: 2 * d.size, height: 2 * d.size });

  for (const c of [...input.candidates].sort(byPriority)) {
    if (!c.label || seen.has(c.key)) continue;
    seen.add(c.key);
    const w = measure(c.label);
    const at = (sides: Side[]) =>
      sides
        .map((side) => ({ side, box: labelBox(c, side, w, fontSize) }))
        .filter((s) => inside(s.box, width, height));
    const onScreen = at(['right', 'left']);
    // A highlighted node (a path the reader searched for) keeps its name even over another node's disc:
    // on a dense screen every side of it touches some disc, and a path with an unnamed hop cannot be read.
    const overDiscs = (c.forced && !c.clearOfDiscs) || c.selected;
    const choice =
      onScreen.find((s) => free(s.box, false)) ??
      (overDiscs ? onScreen.find((s) => free(s.box, true)) : undefined) ??
      // Crowded on both sides by its neighbours' names, it goes above or below its node: a path with an
      // unnamed hop cannot be read.
      (overDiscs ? at(['above', 'below']).find((s) => free(s.box, true)) : undefined) ??
      // The selected node's name is always shown: on the side that stays on screen.
      (c.selected
        ? (onScreen[0] ?? { side: 'right' as const, box: labelBox(c, 'right', w, fontSize) })
        : undefined);
    if (!choice) continue;
    placed.push({ key: c.key, label: c.label, side: choice.side, ...choice.box });
    add(labelGrid, choice.box);
  }
  return placed;
}

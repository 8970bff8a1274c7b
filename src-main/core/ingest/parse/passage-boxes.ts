import { GEOMETRY_STRIDE, RUN_STRIDE, type TextGeometry } from './types';
import { at } from '../../at';

/** A rectangle on a page, in PDF user space relative to the bottom-left corner of the page's view box. */
export interface PassageBox {
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Below the baseline and above it, as shares of the font size: descenders and ascenders of most fonts. */
const DESCENT = 0.25;
const ASCENT = 0.9;

const round = (v: number) => Math.round(v * 100) / 100;

/** Where text offset `o` falls along a run of characters `[s, e)` printed from `x0` to `x1`. */
const along = (o: number, s: number, e: number, x0: number, x1: number) =>
  x0 + ((o - s) / Math.max(1, e - s)) * (x1 - x0);

/**
 * The x of the left edge of character `from` and of the right edge of character `to - 1` on one line. With
 * the line's items (`runs`, in text order) each end is placed within its own item; a line printed as one
 * item (or without items) is clipped by the share of its characters. An offset in the space between two
 * items snaps to the edge of the item next to it.
 */
function clipLine(
  runs: readonly number[],
  line: { start: number; end: number; x0: number; x1: number },
  from: number,
  to: number,
): [number, number] {
  if (!runs.length) {
    return [
      along(from, line.start, line.end, line.x0, line.x1),
      along(to, line.start, line.end, line.x0, line.x1),
    ];
  }
  let left = NaN;
  let right = NaN;
  for (let i = 0; i + RUN_STRIDE <= runs.length; i += RUN_STRIDE) {
    const [s, e, x0, x1] = [at(runs, i), at(runs, i + 1), at(runs, i + 2), at(runs, i + 3)];
    if (Number.isNaN(left) && from < e) left = from <= s ? x0 : along(from, s, e, x0, x1);
    if (to > s) right = to >= e ? x1 : along(to, s, e, x0, x1);
  }
  return [Number.isNaN(left) ? line.x0 : left, Number.isNaN(right) ? line.x1 : right];
}

/**
 * The boxes of the lines that print `[start, end)` of the document text, in text order: one per line, the
 * first and last clipped to the passage's first and last character (placed within the text item they are
 * printed in; glyph widths are not kept, so within one item by its share of characters). Empty when the
 * span touches no line.
 */
export function passageBoxes(geometry: TextGeometry, start: number, end: number): PassageBox[] {
  const g = geometry.lines;
  const allRuns = geometry.runs ?? [];
  const out: PassageBox[] = [];
  if (!(end > start)) return out;
  let r = 0;
  for (let i = 0; i + GEOMETRY_STRIDE <= g.length; i += GEOMETRY_STRIDE) {
    const ls = at(g, i);
    const le = at(g, i + 1);
    if (le <= start) continue;
    if (ls >= end) break;
    const [page, x0, x1, y, size] = [at(g, i + 2), at(g, i + 3), at(g, i + 4), at(g, i + 5), at(g, i + 6)];
    // This line's items: runs are in text order, like lines, so the cursor only moves forward.
    while (r + RUN_STRIDE <= allRuns.length && at(allRuns, r + 1) <= ls) r += RUN_STRIDE;
    let k = r;
    while (k + RUN_STRIDE <= allRuns.length && at(allRuns, k) < le) k += RUN_STRIDE;
    const [left, right] = clipLine(
      allRuns.slice(r, k),
      { start: ls, end: le, x0, x1 },
      Math.max(start, ls),
      Math.min(end, le),
    );
    out.push({
      page: page + 1,
      x: round(left),
      y: round(y - DESCENT * size),
      width: round(Math.max(0, right - left)),
      height: round((DESCENT + ASCENT) * size),
    });
  }
  return out;
}

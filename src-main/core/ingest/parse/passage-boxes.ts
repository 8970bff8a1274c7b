import { GEOMETRY_STRIDE, type TextGeometry } from './types';

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

/**
 * The boxes of the lines that print `[start, end)` of the document text, in text order: one per line, the
 * first and last clipped by the share of the line's characters before and after the passage (character
 * widths are not kept, so a clip is as exact as the font is even). Empty when the span touches no line.
 */
export function passageBoxes(geometry: TextGeometry, start: number, end: number): PassageBox[] {
  const g = geometry.lines;
  const out: PassageBox[] = [];
  if (!(end > start)) return out;
  for (let i = 0; i + GEOMETRY_STRIDE <= g.length; i += GEOMETRY_STRIDE) {
    const ls = g[i]!;
    const le = g[i + 1]!;
    if (le <= start) continue;
    if (ls >= end) break;
    const [page, x0, x1, y, size] = [g[i + 2]!, g[i + 3]!, g[i + 4]!, g[i + 5]!, g[i + 6]!];
    const span = Math.max(1, le - ls);
    const from = (Math.max(start, ls) - ls) / span;
    const to = (Math.min(end, le) - ls) / span;
    const w = x1 - x0;
    out.push({
      page: page + 1,
      x: round(x0 + from * w),
      y: round(y - DESCENT * size),
      width: round((to - from) * w),
      height: round((DESCENT + ASCENT) * size),
    });
  }
  return out;
}

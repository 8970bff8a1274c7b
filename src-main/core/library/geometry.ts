/** The shape of a PDF's stored line geometry: plain data (JSON on disk, structured clone across workers). */

/** Numbers per line in `TextGeometry.lines`. */
export const GEOMETRY_STRIDE = 7;

/**
 * Where each line of a PDF's text was printed, as flat numbers (compact in JSON and across the worker
 * boundary): per line, `start, end` (its `[start, end)` in `ParsedDocument.text`), `page` (0-based), `x0, x1`
 * (left and right edge), `y` (baseline) and `size` (font size), in PDF user space relative to the bottom-left
 * corner of the page's view box. Lines are in text order.
 */
export interface TextGeometry {
  lines: number[];
  /**
   * For lines printed as several text items: per item `start, end` (in `ParsedDocument.text`) and `x0, x1`,
   * in text order (RUN_STRIDE numbers each). A line's ends are clipped by the item they fall in.
   */
  runs?: number[];
}

/** Numbers per item in `TextGeometry.runs`. */
export const RUN_STRIDE = 4;

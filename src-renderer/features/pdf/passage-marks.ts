import type { PageViewport } from 'pdfjs-dist';
import type { PassageBox } from '../../../src-main/contract/library';

/**
 * Draws the boxes of a passage that fall on one page as highlight marks in `container` (a layer over the
 * page canvas, same size). Boxes are relative to the page's view box, so the view's origin (`page.view`, not
 * always 0,0: a cropped page) is added back before pdf.js maps them to CSS pixels. Returns the first mark.
 */
export function drawPassageMarks(
  container: HTMLElement,
  boxes: readonly PassageBox[],
  viewport: PageViewport,
  view: readonly number[],
): HTMLElement | null {
  container.replaceChildren();
  const [vx = 0, vy = 0] = view;
  let first: HTMLElement | null = null;
  boxes.forEach((b, i) => {
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([
      b.x + vx,
      b.y + vy,
      b.x + vx + b.width,
      b.y + vy + b.height,
    ]) as [number, number, number, number];
    const mark = document.createElement('div');
    mark.className = 'passage-mark';
    mark.dataset.index = String(i);
    mark.style.left = `${Math.min(x1, x2)}px`;
    mark.style.top = `${Math.min(y1, y2)}px`;
    mark.style.width = `${Math.abs(x2 - x1)}px`;
    mark.style.height = `${Math.abs(y2 - y1)}px`;
    container.append(mark);
    first ??= mark;
  });
  return first;
}

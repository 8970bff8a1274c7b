import type { TextItem } from '../types';
import type { OcrPageResult } from './ocr-engine';

/** The font name OCR'd text carries, so layout rules and the viewer can tell it from a text layer. */
export const OCR_FONT = 'ocr';

/**
 * OCR words as positioned text items in the page's PDF space (points, origin at the bottom-left of the view
 * box), the same shape pdf.js gives for a text layer: the layout rules then build lines, reading order and
 * the line geometry the viewer highlights from, as for any PDF. `scale` is pixels per point of the image.
 * Each word but a line's last carries its space, so the line reads as Tesseract read it.
 */
export function ocrItems(result: OcrPageResult, scale: number, pageHeight: number): TextItem[] {
  const items: TextItem[] = [];
  for (const line of result.lines) {
    // The type size from Tesseract's row height (ascender to descender, about 0.9 of the size), which does not
    // depend on the letters a line has; a line's own box grows with a logo or a drop cap in it.
    const heights = line.words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
    const px = line.rowHeight || (heights[Math.floor(heights.length / 2)] ?? line.y1 - line.y0);
    const size = Math.max(1, px / scale / 0.9);
    const y = pageHeight - line.baseline / scale;
    line.words.forEach((w, i) => {
      items.push({
        str: i < line.words.length - 1 ? `${w.text} ` : w.text,
        x: w.x0 / scale,
        y,
        width: Math.max(0.1, (w.x1 - w.x0) / scale),
        height: size,
        fontName: OCR_FONT,
      });
    });
  }
  return items;
}

/** Mean word confidence of a page weighted by word length, 0–100 (Tesseract's own per word). */
export function pageConfidence(result: OcrPageResult): { confidence: number; chars: number } {
  let sum = 0;
  let chars = 0;
  for (const line of result.lines)
    for (const w of line.words) {
      sum += w.confidence * w.text.length;
      chars += w.text.length;
    }
  return { confidence: chars ? sum / chars : 0, chars };
}

import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageImage } from './ocr-pass';

type PdfDocument = Awaited<ReturnType<typeof PdfJsModule.getDocument>['promise']>;

interface NodeCanvas {
  toBuffer(mime: 'image/png'): Uint8Array;
}
interface CanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
  destroy(target: { canvas: NodeCanvas; context: unknown }): void;
}

/**
 * Pixels per point for OCR: 3 is 216 dpi, where 10 pt text has an x-height of about 14 px — Tesseract reads
 * it well — and a Letter page is 1836 × 2376 px. Large pages are held to about 3,300 px on their long side.
 */
const SCALE = 3;
const MAX_SIDE_PX = 3300;

/**
 * Renders one page (1-based) to PNG with pdf.js and the canvas it uses in Node (@napi-rs/canvas). Glyphs are
 * drawn from the fonts' outlines, so a page whose text layer maps to nonsense still renders as printed.
 */
export async function renderPagePng(doc: PdfDocument, pageNumber: number): Promise<PageImage> {
  const page = await doc.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(SCALE, MAX_SIDE_PX / Math.max(base.width, base.height, 1));
    const viewport = page.getViewport({ scale });
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      // pdf.js types its canvas as the DOM's; in Node it is the factory's own.
      type RenderParams = Parameters<typeof page.render>[0];
      await page.render({
        canvasContext: target.context as RenderParams['canvasContext'],
        canvas: target.canvas as unknown as RenderParams['canvas'],
        viewport,
      }).promise;
      return { png: new Uint8Array(target.canvas.toBuffer('image/png')), scale };
    } finally {
      factory.destroy(target);
    }
  } finally {
    page.cleanup();
  }
}

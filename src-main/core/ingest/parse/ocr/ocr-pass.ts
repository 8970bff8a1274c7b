import type { OcrSummary, PageContent } from '../types';
import { detectLanguage } from '../language';
import { installedOcrLanguages, recognizePage, type OcrPageResult } from './ocr-engine';
import { ocrItems, pageConfidence } from './ocr-items';
import { judgePageText, type PageTextVerdict } from './text-quality';

export interface PageImage {
  png: Uint8Array;
  /** Pixels per PDF point. */
  scale: number;
}

export interface OcrPassOptions {
  /** Renders page `index` (0-based) to an image. */
  render: (index: number) => Promise<PageImage>;
  /** Called when a page is about to be read (1-based) and after the last, with how many pages OCR reads. */
  onPage?: (done: number, total: number) => void;
  /** Read every page from its image (the user asked for OCR). */
  force?: boolean;
  /** Recognition, injectable for tests; Tesseract by default. */
  recognize?: (png: Uint8Array, lang: string) => Promise<OcrPageResult>;
}

/**
 * Which pages to read from their image: every page whose text is nonsense, and the pages with no text when
 * at least half the document has none (a scan). A born-digital paper's full-page figures have no text either,
 * and reading them would add figure labels, not prose.
 */
export function pagesToRead(verdicts: PageTextVerdict[]): number[] {
  const noText = verdicts.filter((v) => v === 'no-text').length;
  const scan = noText * 2 >= verdicts.length;
  return verdicts.flatMap((v, i) => (v === 'garbled' || (v === 'no-text' && scan) ? [i] : []));
}

/**
 * Reads the pages that need it by OCR and puts the recognised words in place of their text items (mutating
 * `pages`). The first page is read in English; when its text is in another language whose trained data is
 * installed, that page is read again in that language, and so are the rest. Null when no page needed OCR.
 */
export async function ocrPass(pages: PageContent[], opts: OcrPassOptions): Promise<OcrSummary | null> {
  const verdicts = pages.map((p) => judgePageText(p.items));
  const todo = opts.force ? pages.map((_, i) => i) : pagesToRead(verdicts);
  if (!todo.length) return null;
  const recognize = opts.recognize ?? recognizePage;
  const installed = installedOcrLanguages();
  let lang = 'eng';
  let weighted = 0;
  let chars = 0;
  for (const [k, index] of todo.entries()) {
    opts.onPage?.(k, todo.length);
    const page = pages[index];
    if (!page) continue;
    const image = await opts.render(index);
    let result = await recognize(image.png, lang);
    if (k === 0) {
      const text = result.lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n');
      const detected = detectLanguage(text)?.code;
      if (detected && detected !== 'eng' && installed.includes(detected)) {
        lang = detected;
        result = await recognize(image.png, lang);
      }
    }
    page.items = ocrItems(result, image.scale, page.height);
    const c = pageConfidence(result);
    weighted += c.confidence * c.chars;
    chars += c.chars;
  }
  opts.onPage?.(todo.length, todo.length);
  const kinds = new Set(todo.map((i) => verdicts[i]));
  return {
    pages: todo.map((i) => i + 1),
    reason: opts.force
      ? 'requested'
      : kinds.size > 1
        ? 'mixed'
        : kinds.has('garbled')
          ? 'garbled'
          : 'no-text',
    confidence: chars ? Math.round(weighted / chars) : 0,
    language: lang,
  };
}

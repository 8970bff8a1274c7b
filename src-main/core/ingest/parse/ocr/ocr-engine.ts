import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AriadneError } from '../../../../contract/errors';

/**
 * Tesseract (tesseract.js: the C++ engine compiled to WebAssembly) with its trained data from registry packages
 * (`@tesseract.js-data/<code>`, the traineddata inside the package). The engine reads the data from the installed
 * package's folder, so its own download path (a CDN) is never taken, and its cache is off (it would write
 * `eng.traineddata` into the working folder). The engine runs in a worker thread of its own, started from the
 * parse worker, so terminating the parse worker (a timeout, a cancel) ends it too.
 */

const resolvePackage = createRequire(import.meta.url);

/** Languages Ariadne looks for data packages of: English ships with it; the others when installed. */
export const OCR_LANGUAGES = ['eng', 'deu', 'spa', 'fra', 'ita', 'por', 'nld', 'ell'] as const;

const dataFiles = new Map<string, string | null>();

/** The installed trained-data file of a language (`eng` → …/@tesseract.js-data/eng/4.0.0_best_int/…), or null. */
export function ocrDataFile(code: string): string | null {
  if (!/^[a-z]{3}(_[a-z]+)?$/.test(code)) return null;
  let file = dataFiles.get(code);
  if (file === undefined) {
    file = null;
    try {
      const dir = path.dirname(resolvePackage.resolve(`@tesseract.js-data/${code}/package.json`));
      // The integer "best" models are the LSTM-only ones the default engine mode uses.
      const found = ['4.0.0_best_int', '4.0.0']
        .map((sub) => path.join(dir, sub, `${code}.traineddata.gz`))
        .find((f) => existsSync(f));
      file = found ?? null;
    } catch {
      // package not installed
    }
    dataFiles.set(code, file);
  }
  return file;
}

/** The languages whose data is installed, English first. */
export function installedOcrLanguages(): string[] {
  return OCR_LANGUAGES.filter((c) => ocrDataFile(c) !== null);
}

export interface OcrWord {
  text: string;
  confidence: number;
  /** Pixels, origin at the image's top-left corner. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrLine {
  words: OcrWord[];
  /** The line's baseline at its left edge, in pixels from the top (the bottom of its box when absent). */
  baseline: number;
  /** Tesseract's row height (its estimate of the type size, ascender to descender), pixels; 0 when absent. */
  rowHeight: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrPageResult {
  lines: OcrLine[];
  /** Tesseract's mean word confidence for the page, 0–100. */
  confidence: number;
}

interface TesseractBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractWord {
  text: string;
  confidence: number;
  bbox: TesseractBox;
}
interface TesseractLine {
  words: TesseractWord[];
  bbox: TesseractBox;
  baseline?: { x0: number; y0: number; x1: number; y1: number; has_baseline?: boolean };
  rowAttributes?: { rowHeight?: number };
}
interface TesseractResult {
  data: {
    confidence: number;
    blocks: { paragraphs: { lines: TesseractLine[] }[] }[] | null;
  };
}
interface TesseractWorker {
  recognize(image: Uint8Array, options: object, output: object): Promise<TesseractResult>;
  terminate(): Promise<unknown>;
}
interface TesseractModule {
  createWorker(lang: string, oem: number, options: object): Promise<TesseractWorker>;
}

/** One engine per language, started on first use and kept for the next pages and documents. */
const engines = new Map<string, Promise<TesseractWorker>>();

/**
 * An engine for one language. The trained data is read from its package's folder (`langPath` set to a local
 * folder: no download), and Tesseract's cache is off. One language an engine: tesseract.js 7 takes one data
 * folder for all the languages of a worker, and each language's package is a folder of its own.
 */
async function engine(lang: string): Promise<TesseractWorker> {
  let w = engines.get(lang);
  if (!w) {
    w = (async () => {
      const file = ocrDataFile(lang);
      if (!file) throw new AriadneError('parse_failed', `no OCR data for language "${lang}"`);
      const mod = (await import('tesseract.js')) as unknown as TesseractModule & {
        default?: TesseractModule;
      };
      const tesseract = mod.default ?? mod;
      // OEM 1: the LSTM engine, which the integer "best" data holds.
      return tesseract.createWorker(lang, 1, {
        langPath: path.dirname(file),
        gzip: true,
        cacheMethod: 'none',
        logger: () => undefined,
        errorHandler: () => undefined,
      });
    })();
    engines.set(lang, w);
    w.catch(() => engines.delete(lang));
  }
  return w;
}

/** Recognises one page image (PNG bytes) in a language whose data is installed (English otherwise). */
export async function recognizePage(png: Uint8Array, lang: string): Promise<OcrPageResult> {
  const worker = await engine(ocrDataFile(lang) ? lang : 'eng');
  const r = await worker.recognize(png, {}, { blocks: true, text: false });
  const lines: OcrLine[] = [];
  for (const block of r.data.blocks ?? [])
    for (const para of block.paragraphs)
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({ text: w.text, confidence: w.confidence, ...w.bbox }));
        if (!words.length) continue;
        const b = line.baseline;
        const baseline = b && b.has_baseline !== false && b.y0 > line.bbox.y0 ? b.y0 : line.bbox.y1;
        lines.push({ words, baseline, rowHeight: line.rowAttributes?.rowHeight ?? 0, ...line.bbox });
      }
  return { lines, confidence: r.data.confidence };
}

/** Stops every engine this thread started (the parse worker retires). */
export async function stopOcrEngines(): Promise<void> {
  const all = [...engines.values()];
  engines.clear();
  await Promise.all(all.map((w) => w.then((e) => e.terminate()).catch(() => undefined)));
}

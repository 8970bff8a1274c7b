import { AriadneError, isAriadneError } from '../../../contract/errors';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { assembleDocument } from './assemble';
import type {
  OcrSummary,
  PageContent,
  ParsedDocument,
  ParseLimits,
  PdfMetadataInput,
  TextItem,
} from './types';
import { ParseFailed } from './worker-api';
import { useInflateAtOnce } from './sync-inflate';
import {
  capDecodeStreams,
  inflateBudgetExceeded,
  startInflateBudget,
  type InflateLimits,
} from './inflate-budget';
import { at } from '../../at';
import { ocrPass, type OcrPassOptions } from './ocr/ocr-pass';
import { renderPagePng } from './ocr/page-image';

export const DEFAULT_MAX_PAGES = 2000;

export const PARSE_MESSAGES = {
  encrypted: 'password-protected',
  wrongPassword: 'wrong password',
  scanned: 'no text layer: scanned PDF',
  ocrFoundNothing: (pages: number) =>
    `no text layer, and OCR found no text on ${pages === 1 ? 'its page' : `its ${pages} pages`}`,
  corrupt: 'not a PDF / corrupt',
  truncated: 'truncated',
  tooManyPages: (n: number, cap: number) => `too many pages (${n} > ${cap})`,
} as const;

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** A PDF starts with "%PDF-" (within the first KB, per the spec's tolerance for leading junk). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** A complete PDF ends with "%%EOF" (followed at most by whitespace or padding). */
export function hasEofMarker(bytes: Uint8Array): boolean {
  let end = bytes.length;
  while (end > 0 && (at(bytes, end - 1) <= 0x20 || bytes[end - 1] === 0)) end--;
  return latin1(bytes.subarray(Math.max(0, end - 1024), end)).includes('%%EOF');
}

/** Maps whatever pdf.js throws to the one-line reason the library view shows. */
export function classifyPdfError(e: unknown, bytes: Uint8Array): AriadneError {
  if (isAriadneError(e)) return e;
  const name = (e as { name?: string } | null)?.name ?? '';
  // pdf.js: code 1 asks for a password, code 2 says the one given was wrong.
  if (name === 'PasswordException')
    return new AriadneError(
      'parse_failed',
      (e as { code?: number }).code === 2 ? PARSE_MESSAGES.wrongPassword : PARSE_MESSAGES.encrypted,
      { cause: e },
    );
  if (!looksLikePdf(bytes)) return new AriadneError('parse_failed', PARSE_MESSAGES.corrupt, { cause: e });
  if (!hasEofMarker(bytes)) return new AriadneError('parse_failed', PARSE_MESSAGES.truncated, { cause: e });
  return new AriadneError('parse_failed', PARSE_MESSAGES.corrupt, { cause: e });
}

type PdfJs = typeof PdfJsModule;
let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * Loads pdf.js once per thread. Its "worker" module is imported here and registered on globalThis, so pdf.js
 * runs it in this same thread (we are already inside a killable worker) and a bundler sees the import.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    // The legacy build's core-js replaces Array.prototype.push on V8 before 12.2 (Node 20) for an edge
    // case of arrays with a read-only length that neither pdf.js nor Ariadne meets. The replacement, a
    // JavaScript loop, was the parse's single most expensive function; the engine's own is put back.
    const push = Array.prototype.push;
    useInflateAtOnce();
    capDecodeStreams();
    try {
      const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      Array.prototype.push = push;
    }
  })();
  return pdfjsPromise;
}

function flattenXmp(xmp: Iterable<[string, unknown]> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!xmp || typeof (xmp as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function') return out;
  for (const [k, v] of xmp) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v)) out[k] = v.filter((x) => typeof x === 'string').join('; ');
  }
  return out;
}

export interface ParsePdfOptions extends Partial<ParseLimits> {
  /** Caps on inflated bytes (`inflate-budget.ts`); the defaults hold a bomb to 128 MB a stream. */
  inflate?: Partial<InflateLimits>;
  /** Called after each page; lets the caller report progress. */
  onPage?: (page: number, total: number) => void;
  /** Opens an encrypted PDF. Used for this parse only: nothing keeps it. */
  password?: string;
  /**
   * OCR: 'auto' (default) reads the pages without a usable text layer from their image, 'all' reads every
   * page so (the user asked to), 'off' never.
   */
  ocr?: 'auto' | 'all' | 'off';
  /** Called as OCR reaches each page: pages done of the pages it reads. */
  onOcrPage?: (done: number, total: number) => void;
  /** Recognition for tests (Tesseract by default). */
  recognize?: OcrPassOptions['recognize'];
}

/**
 * Parses PDF bytes into a ParsedDocument. Throws AriadneError('parse_failed') with a precise message for
 * encrypted, corrupt, truncated, text-less and oversized files. Run it inside the parse worker: pdf.js can
 * spin for a long time on hostile input, and only a worker can be killed.
 */
export async function parsePdf(bytes: Uint8Array, opts: ParsePdfOptions = {}): Promise<ParsedDocument> {
  const { pages, meta, ocr } = await readPdfPages(bytes, opts);
  try {
    const doc = assembleDocument(pages, meta);
    return ocr ? { ...doc, ocr } : doc;
  } catch (e) {
    // A text-less PDF still has its pages: the library view shows them (ParseFailed carries the count).
    const err = classifyPdfError(e, bytes);
    const message =
      ocr && err.message === PARSE_MESSAGES.scanned
        ? PARSE_MESSAGES.ocrFoundNothing(ocr.pages.length)
        : err.message;
    throw err.code === 'parse_failed' ? new ParseFailed(message, pages.length) : err;
  }
}

/** The positioned text of every page and the document's metadata, as pdf.js reads them. */
export async function readPdfPages(
  bytes: Uint8Array,
  opts: ParsePdfOptions = {},
): Promise<{ pages: PageContent[]; meta: PdfMetadataInput; ocr: OcrSummary | null }> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  if (bytes.length === 0 || !looksLikePdf(bytes))
    throw new AriadneError('parse_failed', PARSE_MESSAGES.corrupt);
  const pdfjs = await loadPdfJs();
  startInflateBudget(opts.inflate);
  // pdf.js swallows most errors thrown while it decodes (it reads what it can): a spent budget is checked.
  const withinBudget = () => {
    const exceeded = inflateBudgetExceeded();
    if (exceeded) throw new AriadneError('parse_failed', exceeded);
  };
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
    ...(opts.password !== undefined ? { password: opts.password } : {}),
  });
  let numPages: number | undefined;
  try {
    const doc = await task.promise;
    numPages = doc.numPages;
    withinBudget();
    if (doc.numPages > maxPages) {
      throw new AriadneError('parse_failed', PARSE_MESSAGES.tooManyPages(doc.numPages, maxPages));
    }
    const md = await doc.getMetadata().catch(() => null);
    const meta: PdfMetadataInput = {
      info: (md?.info ?? {}) as Record<string, unknown>,
      xmp: flattenXmp(md?.metadata as Iterable<[string, unknown]> | null | undefined),
    };
    const pages: PageContent[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: TextItem[] = [];
      for (const it of content.items) {
        if (!('str' in it) || !it.str) continue;
        // pdf.js gives every text item a six-number transform matrix.
        const [a, b, c, d, e, f] = it.transform as [number, number, number, number, number, number];
        // Rotated text (margin stamps, rotated table headers) is not part of the reading flow.
        if (Math.abs(b) > Math.abs(a) * 0.1 || Math.abs(c) > Math.abs(d) * 0.1) continue;
        items.push({
          str: it.str,
          x: e - vx0,
          y: f - vy0,
          width: it.width,
          height: it.height || Math.abs(d),
          fontName: it.fontName,
        });
      }
      withinBudget();
      pages.push({ width: vx1 - vx0, height: vy1 - vy0, items });
      page.cleanup();
      opts.onPage?.(n, doc.numPages);
    }
    const mode = opts.ocr ?? 'auto';
    const ocr =
      mode === 'off'
        ? null
        : await ocrPass(pages, {
            render: (index) => renderPagePng(doc, index + 1),
            force: mode === 'all',
            ...(opts.onOcrPage ? { onPage: opts.onOcrPage } : {}),
            ...(opts.recognize ? { recognize: opts.recognize } : {}),
          });
    return { pages, meta, ocr };
  } catch (e) {
    const exceeded = inflateBudgetExceeded();
    const err = exceeded ? new AriadneError('parse_failed', exceeded) : classifyPdfError(e, bytes);
    throw isAriadneError(err) && err.code === 'parse_failed' ? new ParseFailed(err.message, numPages) : err;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

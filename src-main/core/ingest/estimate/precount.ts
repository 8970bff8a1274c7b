import fs from 'node:fs/promises';
import type { Library } from '../../library';
import { kindOfFile } from '../parse/parse-in-worker';
import { DEFAULT_PASSAGE_FILL, type DocumentSize } from './estimate';
import { countPdfPagesIn, slicesOf } from './page-count';

export { countPdfPages } from './page-count';

/** A file of a batch before it is imported: its name, its size, and its bytes when they are at hand. */
export interface EstimateItem {
  fileName: string;
  size: number;
  read?: () => Promise<Uint8Array>;
  /** The file's bytes as they are read (a file on disk is streamed, never read whole to be counted). */
  chunks?: () => AsyncIterable<Uint8Array>;
}

/** PDFs past this size are estimated from their size: the parser refuses them anyway (200 MB). */
const MAX_COUNTED_BYTES = 200 * 1024 * 1024;
/** How long one file's pages may be counted before its size stands in for them. */
const COUNT_BUDGET_MS = 3_000;

/**
 * How the library's own PDFs turned into text, measured from what parsing already recorded (pages on the
 * document, passages with their character spans, the original's size), so a batch like the last ones is
 * estimated from them rather than from constants.
 */
export interface Calibration {
  charsPerPdfPage: number;
  pdfBytesPerPage: number;
  passageFill: number;
  /** Documents measured; 0 means the defaults below. */
  documents: number;
}

/**
 * Characters of indexed text an article page yields (references, running heads and captions' debris
 * left out): 796,089 over 249 pages of the 16 shared papers from 12 fields (`npx tsx
 * test/bench/parse-corpus.ts ../shared/data/papers`), 1,755–5,214 a paper. The 4,000 of a full page of
 * body text overcounted a batch's passages by 1.74×.
 */
const DEFAULT_CHARS_PER_PAGE = 3200;
/** Text-only article PDFs run 30–100 kB a page; figures push it up, so the middle is taken. */
const DEFAULT_PDF_BYTES_PER_PAGE = 60_000;
/** The library's most recent documents measured for a calibration (reading their passages is cheap). */
const CALIBRATION_DOCUMENTS = 20;

export const DEFAULT_CALIBRATION: Calibration = {
  charsPerPdfPage: DEFAULT_CHARS_PER_PAGE,
  pdfBytesPerPage: DEFAULT_PDF_BYTES_PER_PAGE,
  passageFill: DEFAULT_PASSAGE_FILL,
  documents: 0,
};

/**
 * What a file is expected to yield. Text and Markdown: a character per byte (UTF-8 prose is nearly all
 * ASCII). PDF: its page count when visible, else its size over the bytes a page takes, times the characters
 * a page holds.
 */
export async function sizeOf(item: EstimateItem, cal: Calibration): Promise<DocumentSize> {
  const kind = kindOfFile(item.fileName);
  if (kind !== 'pdf') return { chars: item.size, pages: 0 };
  const counted = item.size <= MAX_COUNTED_BYTES ? await countPages(item) : null;
  const pages = counted ?? Math.max(1, Math.round(item.size / cal.pdfBytesPerPage));
  return { chars: pages * cal.charsPerPdfPage, pages };
}

async function countPages(item: EstimateItem): Promise<number | null> {
  const deadline = Date.now() + COUNT_BUDGET_MS;
  try {
    if (item.chunks) return await countPdfPagesIn(item.chunks(), deadline);
    if (item.read) return await countPdfPagesIn(slicesOf(await item.read()), deadline);
  } catch {
    // An unreadable file is estimated from its size; the import says what is wrong with it.
  }
  return null;
}

/** The calibration from the library's most recent finished PDFs; the defaults for a library without any. */
export async function calibrate(library: Library): Promise<Calibration> {
  const docs = (await library.graph.listDocuments())
    .filter((d) => (d.status === 'done' || d.status === 'partially_failed') && (d.pages ?? 0) > 0)
    .filter((d) => kindOfFile(d.fileName) === 'pdf')
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, CALIBRATION_DOCUMENTS);
  let pages = 0;
  let chars = 0;
  let bytes = 0;
  let fills = 0;
  let fillSum = 0;
  let measured = 0;
  for (const d of docs) {
    const chunks = await library.graph.getChunks(d.id);
    const size = await fs
      .stat(library.originals.path(d.id))
      .then((s) => s.size)
      .catch(() => 0);
    if (chunks.length === 0 || size === 0) continue;
    measured++;
    pages += d.pages ?? 0;
    bytes += size;
    const lengths = chunks.map((c) => c.charEnd - c.charStart);
    chars += lengths.reduce((a, b) => a + b, 0);
    // A passage's limit was the chunk size of its day; the longest passage of a document stands for it.
    if (chunks.length >= 3) {
      fillSum += lengths.reduce((a, b) => a + b, 0) / lengths.length / Math.max(...lengths);
      fills++;
    }
  }
  if (measured === 0 || pages === 0) return DEFAULT_CALIBRATION;
  return {
    charsPerPdfPage: chars / pages,
    pdfBytesPerPage: bytes / pages,
    passageFill: fills ? Math.min(1, Math.max(0.5, fillSum / fills)) : DEFAULT_PASSAGE_FILL,
    documents: measured,
  };
}

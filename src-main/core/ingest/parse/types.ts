/**
 * Plain-data shapes of the parser. Everything here crosses the worker boundary (structured clone), so no
 * classes, functions or Maps.
 */

/** Bumped whenever the output for the same bytes can change, so stored documents can be re-parsed. */
export const PARSER_VERSION = 'ariadne-parse/2';

/** One positioned run of text, in PDF user space with the origin at the page's bottom-left corner. */
export interface TextItem {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Roughly the font size. */
  height: number;
  fontName: string;
}

export interface PageContent {
  width: number;
  height: number;
  items: TextItem[];
}

/** A horizontal run of text on one baseline, within one column. */
export interface Line {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  fontName: string;
  /** 0-based page index. */
  page: number;
  /** Left edge of the column the line sits in (set by reading order); used for indents. */
  colX0?: number;
  colX1?: number;
  /** Column region id within the page, set by reading order. */
  region?: number;
  /**
   * For a line made of several text items: per item `start, end` (its characters in `text`) and `x0, x1`
   * (its left and right edge), in order.
   */
  runs?: number[];
  /** Characters set small and raised (affiliation letters, footnote marks), as `start, end` pairs in `text`. */
  sup?: number[];
}

/** A paragraph or heading, in reading order. */
export interface Block {
  lines: Line[];
  page: number;
  heading: boolean;
}

export type SectionName =
  | 'abstract'
  | 'introduction'
  | 'methods'
  | 'results'
  | 'discussion'
  | 'conclusion'
  | 'acknowledgements'
  | 'references';

/**
 * A recognised section: [start, end) in `ParsedDocument.text`. The reference list is not part of `text`,
 * so the `references` section is an empty span marking where it was cut out.
 */
export interface Section {
  name: SectionName;
  heading: string;
  start: number;
  end: number;
}

export type SourceKind = 'pdf' | 'txt' | 'md';

export interface ParsedDocument {
  kind: SourceKind;
  title: string | null;
  authors: string[];
  year: number | null;
  doi: string | null;
  pages: number;
  /** Prose only: running heads, page numbers and the reference list are removed; paragraphs end in "\n\n". */
  text: string;
  /** pageOffsets[i] = offset in `text` where page i+1 starts; non-decreasing, pageOffsets[0] === 0. */
  pageOffsets: number[];
  sections: Section[];
  references: string[];
  parserVersion: string;
  /** PDFs only: where every line of `text` was printed (see TextGeometry); the viewer highlights from it. */
  geometry?: TextGeometry;
  /** PDFs with pages read from their image: which, why and how sure the engine was. */
  ocr?: OcrSummary;
  /** The language the text is written in, when it can be told. */
  language?: DetectedLanguage | null;
}

// The geometry's shape is the library's (it stores the file); the parser fills it in.
export { GEOMETRY_STRIDE, RUN_STRIDE, type TextGeometry } from '../../library/geometry';
import type { TextGeometry } from '../../library/geometry';
import type { DetectedLanguage } from './language';

export interface PdfMetadataInput {
  info: Record<string, unknown>;
  /** Flattened XMP key/values, when the PDF has an XMP packet. */
  xmp: Record<string, string>;
}

export interface ParseLimits {
  /** A PDF with more pages fails with "too many pages (N > cap)". */
  maxPages: number;
}

/** What the document says about its OCR: which pages, how sure the engine was, in which language. */
export interface OcrSummary {
  /** 1-based numbers of the pages read from their image. */
  pages: number[];
  /** Why: no text layer, a nonsense one, some pages of each, or the user asked for OCR. */
  reason: 'no-text' | 'garbled' | 'mixed' | 'requested';
  /** Tesseract's mean word confidence over those pages, weighted by characters, 0–100. */
  confidence: number;
  /** The trained data used ("eng", "deu"). */
  language: string;
}

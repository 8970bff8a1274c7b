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
}

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

export interface PdfMetadataInput {
  info: Record<string, unknown>;
  /** Flattened XMP key/values, when the PDF has an XMP packet. */
  xmp: Record<string, string>;
}

export interface ParseLimits {
  /** A PDF with more pages fails with "too many pages (N > cap)". */
  maxPages: number;
}

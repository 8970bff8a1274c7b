import { AriadneError } from '../../../contract/errors';
import { collectHyphenatedWords, joinLines } from './hyphenation';
import { itemsToLines, orderLines } from './layout';
import { extractMetadata } from './metadata';
import { bodyStyle, linesToBlocks } from './paragraphs';
import { splitReferences } from './references';
import { removeRunningHeads } from './running-heads';
import {
  classifyHeading,
  classifyRunInHeading,
  endsReferenceList,
  isStructuredAbstractStart,
} from './sections';
import {
  PARSER_VERSION,
  type Block,
  type Line,
  type PageContent,
  type ParsedDocument,
  type PdfMetadataInput,
  type Section,
} from './types';

/** Fewer letters than this on every page on average means there is no text layer to speak of. */
const MIN_LETTERS_PER_PAGE = 20;

const ENDS_SENTENCE = /[.!?:]["'”’)\]]*$/;

/** Builds paragraphs into one text, remembering where each page starts. */
class TextBuilder {
  text = '';
  readonly pageOffsets: (number | undefined)[];
  private lastPage = -1;

  constructor(pages: number) {
    this.pageOffsets = new Array<number | undefined>(pages).fill(undefined);
  }

  private markPage(page: number, offset: number) {
    if (page > this.lastPage) {
      for (let p = this.lastPage + 1; p <= page; p++) this.pageOffsets[p] ??= offset;
      this.lastPage = page;
    }
  }

  /** Where the paragraph being written starts. */
  paragraphStart(): number {
    const i = this.text.lastIndexOf('\n\n');
    return i < 0 ? 0 : i + 2;
  }

  /**
   * Appends a block; joins it to the previous paragraph when it continues a sentence across a page.
   * Returns whether it was joined.
   */
  add(block: Block, compounds: ReadonlySet<string>, mayContinue: boolean): boolean {
    const first = block.lines[0]!;
    const continues =
      mayContinue &&
      this.text.length > 0 &&
      !this.text.endsWith('\n\n') &&
      block.page !== this.lastPage &&
      !ENDS_SENTENCE.test(this.text) &&
      /^\p{Ll}/u.test(first.text);
    if (!continues && this.text.length > 0 && !this.text.endsWith('\n\n')) this.text += '\n\n';
    let lineStart = this.text.length;
    for (let i = 0; i < block.lines.length; i++) {
      const l = block.lines[i]!;
      if (i === 0 && !continues) {
        this.text += l.text;
      } else {
        const cut = this.paragraphStart();
        const para = this.text.slice(cut);
        const joined = joinLines(para, l.text, compounds);
        this.text = this.text.slice(0, cut) + joined;
        lineStart = this.text.length - l.text.trimStart().length;
      }
      if (i === 0) this.markPage(l.page, lineStart);
    }
    return continues;
  }

  /** Ends the current paragraph so the next block cannot be joined to it. */
  breakParagraph() {
    if (this.text.length > 0 && !this.text.endsWith('\n\n')) this.text += '\n\n';
  }

  finish(): { text: string; pageOffsets: number[] } {
    const text = this.text.replace(/\s+$/, '');
    const offsets = this.pageOffsets.map((o) => (o === undefined ? undefined : Math.min(o, text.length)));
    for (let p = offsets.length - 1; p >= 0; p--) offsets[p] ??= offsets[p + 1] ?? text.length;
    offsets[0] = 0;
    return { text, pageOffsets: offsets as number[] };
  }
}

/**
 * Turns positioned text (per page) into a ParsedDocument: lines, running heads removed, reading order,
 * paragraphs, sections, references cut out, metadata. Pure: the PDF library is not involved, so every rule
 * is unit-testable on hand-made items.
 */
export function assembleDocument(pages: PageContent[], meta: PdfMetadataInput): ParsedDocument {
  const letters = pages.reduce(
    (n, p) => n + p.items.reduce((m, it) => m + (it.str.match(/\p{L}/gu)?.length ?? 0), 0),
    0,
  );
  if (letters < MIN_LETTERS_PER_PAGE * Math.max(1, pages.length) && letters < 200) {
    throw new AriadneError('parse_failed', 'no text layer: scanned PDF');
  }
  const rawLines = pages.map((p, i) => itemsToLines(p.items, i));
  const kept = removeRunningHeads(
    rawLines,
    pages.map((p) => p.height),
  );
  const ordered = kept.map((ls, i) => orderLines(ls, pages[i]!.width));
  const firstPageAll = orderLines(rawLines[0] ?? [], pages[0]?.width ?? 612);
  const metadata = extractMetadata(meta, firstPageAll, pages[0]?.height ?? 792);

  const body = bodyStyle(ordered.flat());
  const compounds = collectHyphenatedWords(ordered.flat().map((l) => l.text));
  const out = new TextBuilder(pages.length);
  const sections: Section[] = [];
  const refLines: Line[] = [];
  let inReferences = false;
  let seenIntroduction = false;

  for (const blocks of ordered.map((ls) => linesToBlocks(ls, body))) {
    for (const block of blocks) {
      const text = block.lines.map((l) => l.text).join(' ');
      const named = block.heading && block.lines.length <= 2 ? classifyHeading(text) : null;
      if (inReferences) {
        if (block.heading && (endsReferenceList(text) || (named && named !== 'references')))
          inReferences = false;
        else {
          refLines.push(...block.lines);
          continue;
        }
      }
      if (named === 'references') {
        out.breakParagraph();
        const at = out.text.replace(/\s+$/, '').length;
        sections.push({ name: 'references', heading: text, start: at, end: at });
        inReferences = true;
        continue;
      }
      if (block.heading) {
        out.breakParagraph();
        const start = out.text.length;
        out.add(block, compounds, false);
        out.breakParagraph();
        if (named) sections.push({ name: named, heading: text, start, end: 0 });
        if (named === 'introduction') seenIntroduction = true;
        continue;
      }
      const continued = out.add(block, compounds, true);
      if (continued || sections.some((s) => s.name === 'abstract')) continue;
      const paraStart = out.paragraphStart();
      const para = out.text.slice(paraStart);
      if (classifyRunInHeading(para)?.name === 'abstract') {
        sections.push({
          name: 'abstract',
          heading: classifyRunInHeading(para)!.heading,
          start: paraStart,
          end: 0,
        });
      } else if (!seenIntroduction && block.page === 0 && isStructuredAbstractStart(para)) {
        sections.push({ name: 'abstract', heading: '', start: paraStart, end: 0 });
      }
    }
  }
  const { text, pageOffsets } = out.finish();
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.name === 'references') continue;
    const next = sections[i + 1];
    s.end = Math.min(text.length, next ? next.start : text.length);
    s.start = Math.min(s.start, s.end);
  }
  return {
    kind: 'pdf',
    ...metadata,
    pages: pages.length,
    text,
    pageOffsets,
    sections,
    references: splitReferences(refLines, compounds),
    parserVersion: PARSER_VERSION,
  };
}

import { AriadneError } from '../../../contract/errors';
import { collectHyphenatedWords } from './hyphenation';
import { TextBuilder } from './text-builder';
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
  type Line,
  type PageContent,
  type ParsedDocument,
  type PdfMetadataInput,
  type Section,
} from './types';
import { at } from '../../at';

/** Fewer letters than this on every page on average means there is no text layer to speak of. */
const MIN_LETTERS_PER_PAGE = 20;

/**
 * Where a DOI sits when page 1 does not print it: the last page's lines (a citation box, "Published as…"),
 * then the top and bottom lines of every page (running heads and footers, before they are removed).
 */
function doiPlaces(rawLines: Line[][]): string {
  const out: string[] = [];
  for (const l of rawLines[rawLines.length - 1] ?? []) out.push(l.text);
  for (const page of rawLines) {
    const byY = [...page].sort((a, b) => b.y - a.y);
    for (const l of [...byY.slice(0, 3), ...byY.slice(-3)]) out.push(l.text);
  }
  return out.join('\n');
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
  const ordered = kept.map((ls, i) => orderLines(ls, at(pages, i).width));
  const firstPageAll = orderLines(rawLines[0] ?? [], pages[0]?.width ?? 612);
  const metadata = extractMetadata(meta, firstPageAll, pages[0]?.height ?? 792, doiPlaces(rawLines));

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
        const offset = out.trimmedLength();
        sections.push({ name: 'references', heading: text, start: offset, end: offset });
        inReferences = true;
        continue;
      }
      if (block.heading) {
        out.breakParagraph();
        const start = out.length;
        out.add(block, compounds, false);
        out.breakParagraph();
        if (named) sections.push({ name: named, heading: text, start, end: 0 });
        if (named === 'introduction') seenIntroduction = true;
        continue;
      }
      const continued = out.add(block, compounds, true);
      if (continued || sections.some((s) => s.name === 'abstract')) continue;
      const paraStart = out.paragraphStart();
      const para = out.paragraph();
      const runIn = classifyRunInHeading(para);
      if (runIn?.name === 'abstract') {
        sections.push({
          name: 'abstract',
          heading: runIn.heading,
          start: paraStart,
          end: 0,
        });
      } else if (!seenIntroduction && block.page === 0 && isStructuredAbstractStart(para)) {
        sections.push({ name: 'abstract', heading: '', start: paraStart, end: 0 });
      }
    }
  }
  const { text, pageOffsets, geometry } = out.finish();
  for (let i = 0; i < sections.length; i++) {
    const s = at(sections, i);
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
    geometry,
  };
}

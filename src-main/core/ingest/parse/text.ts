import { findDoi, parseAuthorLine } from './metadata';
import { classifyHeading, endsReferenceList } from './sections';
import { PARSER_VERSION, type ParsedDocument, type Section } from './types';

/** A Markdown ATX heading ("## Methods") or, in plain text, a short standalone line naming a section. */
function headingOf(line: string, kind: 'txt' | 'md'): string | null {
  if (kind === 'md') {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    return m ? m[1]! : null;
  }
  return line.trim().length > 0 && line.trim().length <= 60 && classifyHeading(line.trim())
    ? line.trim()
    : null;
}

/** Reference entries: numbered or bulleted items, or blank-line separated blocks. */
function splitReferenceText(lines: string[]): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of lines) {
    const line = raw.trim();
    const starts = /^(\[\d+\]|\d+[.)]|[-*+])\s+/.test(line);
    if (!line || starts) {
      if (cur) out.push(cur);
      cur = line.replace(/^[-*+]\s+/, '');
    } else cur = cur ? `${cur} ${line}` : line;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * Plain text and Markdown: one "page", sections from headings, the reference list cut out of the prose, the
 * title from the first heading (or first line) and the author from an "Authors:" line or front matter.
 */
export function parseText(input: string, kind: 'txt' | 'md'): ParsedDocument {
  let text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let title: string | null = null;
  let authors: string[] = [];
  const front = kind === 'md' ? /^---\n([\s\S]*?)\n---\n/.exec(text) : null;
  if (front) {
    title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!)?.[1] ?? null;
    const a = /^authors?:\s*(.+)$/m.exec(front[1]!)?.[1];
    if (a) authors = parseAuthorLine(a.replace(/[[\]"']/g, '')) ?? [a];
    text = text.slice(front[0].length);
  }
  const lines = text.split('\n');
  const kept: string[] = [];
  const refLines: string[] = [];
  const sections: Section[] = [];
  let offset = 0;
  let inRefs = false;
  for (const line of lines) {
    const heading = headingOf(line, kind);
    const name = heading ? classifyHeading(heading) : null;
    if (inRefs && heading && (endsReferenceList(heading) || (name && name !== 'references'))) inRefs = false;
    if (name === 'references') {
      sections.push({ name, heading: heading!, start: offset, end: offset });
      inRefs = true;
      continue;
    }
    if (inRefs) {
      refLines.push(line);
      continue;
    }
    if (name) sections.push({ name, heading: heading!, start: offset, end: 0 });
    if (!title && kind === 'md' && heading && /^#\s/.test(line)) title = heading;
    const authorLine = /^authors?:\s*(.+)$/i.exec(line.trim());
    if (authorLine && !authors.length) authors = parseAuthorLine(authorLine[1]!) ?? [authorLine[1]!.trim()];
    kept.push(line);
    offset += line.length + 1;
  }
  const prose = kept.join('\n').replace(/\s+$/, '');
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    s.start = Math.min(s.start, prose.length);
    if (s.name !== 'references') s.end = Math.min(sections[i + 1]?.start ?? prose.length, prose.length);
    else s.end = s.start;
  }
  if (!title) {
    const first = prose
      .split('\n')
      .find((l) => l.trim())
      ?.trim();
    if (first && first.length <= 200) title = first.replace(/^#+\s*/, '');
  }
  const head = prose.slice(0, 4000);
  const year = /\b(?:published|©|copyright)\D{0,20}((?:19|20)\d{2})\b/i.exec(head)?.[1];
  return {
    kind,
    title,
    authors,
    year: year ? Number(year) : null,
    doi: findDoi(head),
    pages: 1,
    text: prose,
    pageOffsets: [0],
    sections,
    references: splitReferenceText(refLines),
    parserVersion: PARSER_VERSION,
  };
}

import { parseAuthorLine } from './authors';
import { findDoi } from './metadata';
import { classifyHeading, endsReferenceList } from './sections';
import { PARSER_VERSION, type ParsedDocument, type Section } from './types';
import { at } from '../../at';

// Document text reaches every pattern here, so nothing below may backtrack over a run: a 1 MB one-line
// Markdown file or a 50 MB run of spaces must cost one pass. `/\s+$/` took 38 s on 80K spaces.

const isSpace = (c: string) => c !== '' && c.trim() === '';

/** A Markdown ATX heading ("## Methods", "## Methods ##"): the heading text, or null. */
export function atxHeading(line: string): string | null {
  let level = 0;
  while (level < line.length && line[level] === '#') level++;
  if (level < 1 || level > 6 || level >= line.length || !isSpace(at(line, level))) return null;
  let text = line.slice(level).trim();
  // An optional closing run of '#' (after a space, or the whole text), as CommonMark reads it.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) text = '';
  else if (end < text.length && isSpace(at(text, end - 1))) text = text.slice(0, end).trimEnd();
  return text.length > 0 ? text : null;
}

/** A Markdown ATX heading or, in plain text, a short standalone line naming a section. */
function headingOf(line: string, kind: 'txt' | 'md'): string | null {
  if (kind === 'md') return atxHeading(line);
  if (line.length > 200) return null;
  const t = line.trim();
  return t.length > 0 && t.length <= 60 && classifyHeading(t) ? t : null;
}

/** YAML-ish front matter ("---" lines at the very start): its body and length, or null. */
function frontMatterOf(text: string): { body: string; length: number } | null {
  if (!text.startsWith('---\n')) return null;
  const close = text.indexOf('\n---\n', 4);
  return close < 0 ? null : { body: text.slice(4, close), length: close + 5 };
}

/** The value of the first `key:` line (case-sensitive keys as written), quotes and spaces stripped. */
function fieldOf(body: string, keys: string[]): string | null {
  for (const line of body.split('\n')) {
    const key = keys.find((k) => line.startsWith(`${k}:`));
    if (!key) continue;
    let v = line.slice(key.length + 1).trim();
    if (v.startsWith('"') || v.startsWith("'")) v = v.slice(1);
    if (v.endsWith('"') || v.endsWith("'")) v = v.slice(0, -1);
    v = v.trim();
    if (v) return v;
  }
  return null;
}

/** "Authors: …" at the start of a (trimmed) line, case-insensitive: the rest, or null. */
function authorLineOf(line: string): string | null {
  if (line.length > 2000) return null;
  const lower = line.slice(0, 8).toLowerCase();
  const prefix = lower.startsWith('authors:') ? 8 : lower.startsWith('author:') ? 7 : 0;
  if (!prefix) return null;
  const rest = line.slice(prefix).trim();
  return rest || null;
}

/** The first line that is not blank, trimmed, without scanning past it. */
function firstLine(text: string): string | undefined {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, Math.min(end, start + 10_000)).trim();
    if (line) return line;
    start = end + 1;
  }
  return undefined;
}

/** Reference entries: numbered or bulleted items, or blank-line separated blocks. */
function splitReferenceText(lines: string[]): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of lines) {
    const line = raw.trim();
    const starts = /^(?:\[\d+\]|\d+[.)]|[-*+])\s/.test(line);
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
  let text = (input.startsWith('\uFEFF') ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  let title: string | null = null;
  let authors: string[] = [];
  const front = kind === 'md' ? frontMatterOf(text) : null;
  if (front) {
    title = fieldOf(front.body, ['title']);
    const a = fieldOf(front.body, ['authors', 'author']);
    if (a && a.length <= 2000) authors = parseAuthorLine(a.replace(/[[\]"']/g, '')) ?? [a];
    text = text.slice(front.length);
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
    // A name is only given to a heading.
    if (name === 'references' && heading) {
      sections.push({ name, heading, start: offset, end: offset });
      inRefs = true;
      continue;
    }
    if (inRefs) {
      refLines.push(line);
      continue;
    }
    if (name && heading) sections.push({ name, heading, start: offset, end: 0 });
    if (!title && kind === 'md' && heading && line[0] === '#' && isSpace(line[1] ?? '')) title = heading;
    const authorLine = authors.length ? null : authorLineOf(line.trim());
    if (authorLine) authors = parseAuthorLine(authorLine) ?? [authorLine];
    kept.push(line);
    offset += line.length + 1;
  }
  const prose = kept.join('\n').trimEnd();
  for (let i = 0; i < sections.length; i++) {
    const s = at(sections, i);
    s.start = Math.min(s.start, prose.length);
    if (s.name !== 'references') s.end = Math.min(sections[i + 1]?.start ?? prose.length, prose.length);
    else s.end = s.start;
  }
  if (!title) {
    const first = firstLine(prose);
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAriadneError } from '../../../contract/errors';
import { assembleDocument } from './assemble';
import { parseText } from './text';
import type { PageContent, ParsedDocument } from './types';

// Property tests, bounded in time: fast-check prints the seed and the shrunk input when one fails
// (replay with `fc.assert(…, { seed, path })`).
const budget = { numRuns: 300, interruptAfterTimeLimit: 8_000 };

/** Text that looks like papers and notes: headings, front matter, reference markers, odd whitespace. */
const docText = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('# ', '## Methods', '---', '\n', '\r\n', '\t', '   ', '\u00a0', '\uFEFF', 'References'),
      fc.constantFrom('Authors: A. Smith and B. Jones', 'title: "x"', '1. Ref', '[2] Ref', 'doi:10.1000/x.y'),
      fc.constantFrom('\u202e', '\u0000', '\ud800', '😀', 'Ⅳ.', '§ 2'),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

function checkInvariants(doc: ParsedDocument) {
  expect(doc.pageOffsets[0]).toBe(0);
  for (let i = 1; i < doc.pageOffsets.length; i++) {
    expect(doc.pageOffsets[i]!).toBeGreaterThanOrEqual(doc.pageOffsets[i - 1]!);
    expect(doc.pageOffsets[i]!).toBeLessThanOrEqual(doc.text.length);
  }
  for (const s of doc.sections) {
    expect(s.start).toBeGreaterThanOrEqual(0);
    expect(s.end).toBeGreaterThanOrEqual(s.start);
    expect(s.end).toBeLessThanOrEqual(doc.text.length);
  }
  expect(doc.pages).toBeGreaterThanOrEqual(1);
}

describe('fuzz: text and Markdown parser', () => {
  it('parses any text without throwing, with sections inside the text', () => {
    fc.assert(
      fc.property(docText, fc.constantFrom('txt' as const, 'md' as const), (text, kind) => {
        const doc = parseText(text, kind);
        checkInvariants(doc);
        expect(doc.text.length).toBeLessThanOrEqual(text.length);
        expect(doc.text).not.toMatch(/\r/);
      }),
      budget,
    );
  });
});

const textItem = fc.record({
  str: fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('Introduction', 'References', '1. A ref.', 'macro-', ''),
  ),
  x: fc.double({ min: -50, max: 700, noNaN: true }),
  y: fc.double({ min: -50, max: 850, noNaN: true }),
  width: fc.double({ min: 0, max: 600, noNaN: true }),
  height: fc.oneof(fc.constant(10), fc.double({ min: 0, max: 40, noNaN: true })),
  fontName: fc.constantFrom('body', 'bold', 'italic'),
});
const pageContent: fc.Arbitrary<PageContent> = fc.record({
  width: fc.constantFrom(612, 595, 0),
  height: fc.constantFrom(792, 842, 0),
  items: fc.array(textItem, { maxLength: 30 }),
});

describe('fuzz: PDF text assembly from random text items', () => {
  it('assembles or refuses with an AriadneError; a document it returns keeps its offsets consistent', () => {
    fc.assert(
      fc.property(fc.array(pageContent, { minLength: 1, maxLength: 4 }), (pages) => {
        let doc: ParsedDocument;
        try {
          doc = assembleDocument(pages, { info: {}, xmp: {} });
        } catch (e) {
          expect(isAriadneError(e), String(e)).toBe(true);
          return;
        }
        checkInvariants(doc);
        expect(doc.pageOffsets.length).toBe(pages.length);
      }),
      budget,
    );
  });
});

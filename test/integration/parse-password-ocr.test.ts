import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { ENCRYPTED_PASSWORD, makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { TP53_PAPER } from '../fixtures/fixture-papers';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { loadGold, normaliseTitle } from '../bench/metadata-score';
import { tempDir } from './ingest/harness';

let files: FixtureFiles;
const parser = createParser({ workerPath: SOURCE_PARSE_WORKER, timeoutMs: 120_000 });
beforeAll(async () => {
  files = await makeFixtures(tempDir('ariadne-locked-'));
});
afterAll(() => parser.close());

describe('an encrypted PDF', () => {
  it('asks for its password, says when the password is wrong, and opens with the right one', async () => {
    await expect(parser.parseFile(files.hostile.locked)).rejects.toMatchObject({
      code: 'parse_failed',
      message: 'password-protected',
    });
    await expect(parser.parseFile(files.hostile.locked, { password: 'metformin' })).rejects.toMatchObject({
      code: 'parse_failed',
      message: 'wrong password',
    });
    const doc = await parser.parseFile(files.hostile.locked, { password: ENCRYPTED_PASSWORD });
    expect(doc.title).toBe(TP53_PAPER.title);
    expect(doc.text).toContain('TP53');
    expect(doc.ocr).toBeUndefined();
  });
});

// The garbled paper's first page (its font map is shifted: the text layer reads "¿Äº¿Ä½Å¼·¼ÂËÅÈ»É"), cut out
// with pdf-lib so the test reads one page by OCR; test/bench/metadata.ts reads the whole paper.
const garbled = loadGold().find((g) => g.file.includes('garbled'));
if (!garbled) console.warn('parse-password-ocr: the garbled shared paper is absent; its OCR test is SKIPPED');

describe.runIf(garbled)('a PDF whose text layer is nonsense', () => {
  it('is read by OCR and its title found', async () => {
    const source = await PDFDocument.load(readFileSync(garbled!.path));
    const one = await PDFDocument.create();
    const [page] = await one.copyPages(source, [0]);
    one.addPage(page!);
    const progress: string[] = [];
    const doc = await parser.parseBytes(await one.save(), 'pdf', {
      onOcrProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    console.log(
      `parse-password-ocr: garbled page 1 read by OCR, confidence ${doc.ocr?.confidence}%: "${doc.title}"`,
    );
    expect(doc.ocr).toMatchObject({ pages: [1], reason: 'garbled', language: 'eng' });
    expect(doc.ocr!.confidence).toBeGreaterThan(80);
    expect(progress).toEqual(['0/1', '1/1']);
    expect(normaliseTitle(doc.title ?? '')).toBe(normaliseTitle(garbled!.title!));
    expect(doc.authors[0]).toBe('Gabriel M. Leal');
    expect(doc.language?.code).toBe('eng');
  }, 300_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitIntoBlocks } from '../../src-main/core/ingest/chunk/split-blocks';
import { pageAt } from '../../src-main/core/nlp/pages';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import type { ParsedDocument } from '../../src-main/core/ingest/parse/types';
import { type FixtureFiles, makeFixtures } from '../fixtures/make-fixtures';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { bundleChild } from '../helpers/bundle-child';

// Every parse goes through the real worker, as the ingest pipeline runs it: src-worker/parse-worker.ts,
// bundled once for this file (under tsx each worker start transformed the sources again; see
// test/helpers/bundle-child.ts). A start and parse took about 2 s on a loaded box; 30 s ran out under
// `stress-ng --cpu 2` with several workers starting at once, so the limit is generous (the timeout itself
// is tested below).
let workerPath: string;
let parser: ReturnType<typeof createParser>;
let dir: string;
let files: FixtureFiles;
const parsed = new Map<string, ParsedDocument>();

beforeAll(async () => {
  workerPath = await bundleChild(SOURCE_PARSE_WORKER);
  parser = createParser({ workerPath, timeoutMs: 90_000, maxPages: 20 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ariadne-parse-'));
  files = await makeFixtures(dir);
  await Promise.all(
    files.papers.map(async ({ paper, file }) => parsed.set(paper.file, await parser.parseFile(file))),
  );
}, 120_000);
afterAll(async () => {
  await parser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(['oea-akkermansia.pdf', 'tp53-metformin.pdf'])('fixture paper %s', (name) => {
  const get = () => {
    const paper = files.papers.find((p) => p.paper.file === name)!.paper;
    return { paper, doc: parsed.get(name)! };
  };
  it('extracts title, authors, year and DOI', () => {
    const { paper, doc } = get();
    expect({ title: doc.title, authors: doc.authors, year: doc.year, doi: doc.doi }).toEqual({
      title: paper.title,
      authors: paper.authors,
      year: paper.year,
      doi: paper.doi,
    });
  });
  it('recognises the sections in order and keeps the reference list out of the prose', () => {
    const { paper, doc } = get();
    expect(doc.sections.map((s) => s.name)).toEqual(paper.sectionOrder);
    expect(doc.references).toEqual(paper.references);
    for (const s of paper.absent) expect(doc.text).not.toContain(s);
    const methods = doc.sections.find((s) => s.name === 'methods')!;
    expect(doc.text.slice(methods.start, methods.end)).toMatch(/^(2\. Methods|Materials and Methods)\n\n/);
  });
  it('reads columns in order and rejoins hyphenated words', () => {
    const { paper, doc } = get();
    for (const [a, b] of paper.order) {
      expect(doc.text.indexOf(a), a).toBeGreaterThanOrEqual(0);
      expect(doc.text.indexOf(a), `${a} before ${b}`).toBeLessThan(doc.text.indexOf(b));
    }
    for (const j of paper.joined) expect(doc.text).toContain(j);
    expect(doc.text).not.toMatch(/[a-z]- [a-z]/);
  });
  it('traces every fact to its page, in the text and in the blocks', () => {
    const { paper, doc } = get();
    expect(doc.pages).toBe(doc.pageOffsets.length);
    for (const f of paper.facts) {
      const at = doc.text.indexOf(f.text);
      expect(at, f.text).toBeGreaterThanOrEqual(0);
      expect(pageAt(at, doc.pageOffsets)).toBe(f.page);
      expect(pageAt(at + f.text.length - 1, doc.pageOffsets)).toBe(f.page);
    }
    const blocks = splitIntoBlocks(doc.text, { maxTokens: 120, pageOffsets: doc.pageOffsets });
    for (const b of blocks) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
    for (const f of paper.facts) {
      const b = blocks.find((x) => x.text.includes(f.text));
      if (!b) continue;
      expect(f.page).toBeGreaterThanOrEqual(b.pageStart);
      expect(f.page).toBeLessThanOrEqual(b.pageEnd);
    }
  });
});

describe('hostile files end as a failed job with a precise message', () => {
  it.each([
    ['encrypted', 'password-protected'],
    ['corrupt', 'not a PDF / corrupt'],
    ['notPdf', 'not a PDF / corrupt'],
    ['truncated', 'truncated'],
    // Grey bars where lines would be: OCR reads both pages and finds no words.
    ['scanned', 'no text layer, and OCR found no text on its 2 pages'],
    ['manyPages', 'too many pages (40 > 20)'],
  ] as const)('%s -> %s', async (key, message) => {
    await expect(parser.parseFile(files.hostile[key])).rejects.toMatchObject({
      code: 'parse_failed',
      message,
    });
  });

  it('kills a parse that runs past its timeout, and the next parse gets a fresh worker', async () => {
    const slow = createParser({ workerPath, timeoutMs: 50 });
    for (let i = 1; i <= 2; i++) {
      await expect(slow.parseFile(files.papers[0]!.file)).rejects.toMatchObject({
        code: 'parse_failed',
        message: 'timed out after 0.05s',
      });
      expect(slow.workersStarted()).toBe(i);
    }
    await slow.close();
  });

  it('parses many documents in one warm worker, errors included', async () => {
    const warm = createParser({ workerPath, timeoutMs: 90_000 });
    for (const { file } of files.papers) await warm.parseFile(file);
    await expect(warm.parseFile(files.hostile.corrupt)).rejects.toMatchObject({ code: 'parse_failed' });
    for (const { file } of files.papers) expect((await warm.parseFile(file)).pages).toBeGreaterThan(0);
    expect(warm.workersStarted()).toBe(1);
    await warm.close();
  });

  it('stops a worker that exceeds its memory cap', async () => {
    const small = createParser({ workerPath, maxMemoryMb: 8 });
    await expect(small.parseFile(files.papers[0]!.file)).rejects.toMatchObject({
      message: 'out of memory (> 8 MB)',
    });
    await expect(small.parseFile(files.papers[0]!.file)).rejects.toMatchObject({
      message: 'out of memory (> 8 MB)',
    });
    expect(small.workersStarted()).toBe(2);
  });

  it('refuses unsupported and oversized files before spawning a worker', async () => {
    await expect(parser.parseFile(path.join(dir, 'figure.png'))).rejects.toMatchObject({
      code: 'parse_failed',
    });
    const tiny = createParser({ workerPath, maxBytes: 100 });
    await expect(tiny.parseFile(files.papers[0]!.file)).rejects.toMatchObject({ message: /^file too large/ });
  });
});

describe('plain text and Markdown', () => {
  it('parses .md and .txt through the worker', async () => {
    const md = await parser.parseFile(files.md);
    expect(md.kind).toBe('md');
    expect(md.title).toBe('Notes on OEA and the gut barrier');
    expect(md.references).toHaveLength(2);
    expect(md.text).not.toContain('Laplante');
    const txt = await parser.parseFile(files.txt);
    expect(txt.sections.map((s) => s.name)).toEqual(['introduction', 'discussion']);
    expect(txt.text).toContain('Tumor necrosis factor (TNF)');
  });
});

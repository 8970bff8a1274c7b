import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLUMN_SENTENCE,
  CROSSING_SENTENCE,
  PAGE_TWO_SENTENCE,
  makeProvenancePaper,
} from '../fixtures/provenance-paper';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { dropFiles } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/** Spacing and line-break hyphens are the only differences allowed between the page and the sentence. */
const normal = (s: string) =>
  s
    .replace(/(\p{L})- (\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();

/** Polls `ok` (expect.poll only runs inside a test, and this waits in beforeAll). */
async function until(ok: () => Promise<boolean>, timeout: number, what: string): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The characters of the text layer under the highlight marks, mark by mark (one per printed line): a
 * text-layer span is one run of the PDF, scaled by pdf.js to the run's printed width, so a character is
 * under a mark when its share of the span's width is. Page code as a string: the test transform would wrap
 * named functions in a helper the page lacks.
 */
const TEXT_UNDER_MARKS = `(() => {
  const marks = [...document.querySelectorAll('.passage-mark')].map((m) => m.getBoundingClientRect());
  const spans = [...document.querySelectorAll('.textLayer span')].filter(
    (s) => !s.querySelector('span') && (s.textContent || '').trim(),
  );
  return marks.map((r) => {
    const parts = [];
    for (const s of spans) {
      const b = s.getBoundingClientRect();
      const overlap = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
      if (overlap < 0.5 * Math.min(b.height, r.height)) continue;
      const t = s.textContent;
      let part = '';
      for (let i = 0; i < t.length; i++) {
        const cx = b.left + ((i + 0.5) / t.length) * b.width;
        if (cx >= r.left && cx <= r.right) part += t[i];
      }
      if (part) parts.push([b.left, part]);
    }
    parts.sort((a, b) => a[0] - b[0]);
    return parts.map((p) => p[1]).join(' ');
  });
})()`;

/**
 * The two-column provenance paper through the built-in engine. The evidence for rapamycin is a sentence
 * printed on page 2 in a passage that starts on page 1; the evidence for dexamethasone runs from the foot of
 * page 2's left column into its right column. Each citation must say page 2, and the viewer must open page 2
 * with marks over exactly that sentence: the text under them, in order, is the sentence and nothing else.
 */
describe.skipIf(!!missing)('a citation opens the page of its own sentence', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let file: string;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-prov-e2e-'));
    file = path.join(dir, 'provenance-paper.pdf');
    fs.writeFileSync(file, await makeProvenancePaper());
    serve = await startServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(serve.url);
    await dropFiles(page, [file]);
    const doc = page.getByTestId('doc-row').filter({ hasText: /metformin/i });
    await until(async () => (await doc.getAttribute('data-status')) === 'done', 120_000, 'the paper read');
    await page.getByTestId('nav-graph').click();
    await until(
      async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes')) > 0,
      20_000,
      'graph nodes',
    );
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  /** Searches `term`, opens the citation whose quote is `sentence` and returns its label and the marked text. */
  async function openCitation(term: string, sentence: string) {
    if (await page.getByTestId('pdf-viewer').count()) await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(term);
    await page.keyboard.press('Enter');
    // The quote of each citation is its tooltip, beside the button. Results arrive in stages and re-render,
    // so the citation is found by its quote when clicked, never by a position taken earlier.
    const citation = page
      .locator('.cite-wrap')
      .filter({ has: page.locator('q').getByText(sentence, { exact: true }) })
      .getByTestId('citation')
      .first();
    await expect
      .poll(() => citation.count(), { timeout: 20_000, message: `a citation of "${sentence}"` })
      .toBeGreaterThan(0);
    const label = (await citation.textContent()) ?? '';
    await citation.click();
    const viewer = page.getByTestId('pdf-viewer');
    await expect
      .poll(() => page.locator('.passage-mark').count(), { timeout: 20_000, message: 'highlight marks' })
      .toBeGreaterThan(0);
    // Marks are drawn once the page and its text layer are rendered; the text under them is read once the
    // text layer has caught up with them (a CI run under load read marks over a layer not yet filled).
    await expect.poll(() => page.locator('.textLayer span').count()).toBeGreaterThan(0);
    const underMarks = async () => (await page.evaluate(TEXT_UNDER_MARKS)) as string[];
    await expect
      .poll(async () => (await underMarks()).join(' ').trim().length, {
        timeout: 20_000,
        message: 'text under marks',
      })
      .toBeGreaterThan(0);
    const lines = await underMarks();
    return { label, page: await viewer.getAttribute('data-page'), lines };
  }

  it('cites page 2 for a sentence whose passage starts on page 1, and marks exactly that sentence', async () => {
    const got = await openCitation('rapamycin', PAGE_TWO_SENTENCE);
    expect(got.label).toMatch(/, p\. 2$/);
    expect(got.page).toBe('2');
    expect(normal(got.lines.join(' '))).toBe(PAGE_TWO_SENTENCE);
    expect(await page.getByTestId('source-quote').textContent()).not.toMatch(/could not be located/);
  }, 120_000);

  it('marks a sentence from the foot of the left column into the right column, line by line', async () => {
    const got = await openCitation('dexamethasone', COLUMN_SENTENCE);
    expect(got.label).toMatch(/, p\. 2$/);
    expect(got.page).toBe('2');
    expect(normal(got.lines.join(' '))).toBe(COLUMN_SENTENCE);
    // The last mark is in the right column, to the right of the first ones.
    const xs = await page
      .locator('.passage-mark')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(xs.length).toBeGreaterThan(1);
    expect(xs[xs.length - 1]!).toBeGreaterThan(Math.max(...xs.slice(0, -1)));
  }, 120_000);

  it('marks a sentence across a page break on both pages, the second one step away', async () => {
    const got = await openCitation('AMPK', CROSSING_SENTENCE);
    expect(got.label).toMatch(/, pp\. 1–2$/);
    expect(got.page).toBe('1');
    await page.getByTestId('passage-continues').click();
    await expect.poll(() => page.getByTestId('pdf-viewer').getAttribute('data-page')).toBe('2');
    // The page-2 marks are drawn with page 2's text layer; wait until the marks sit on that page's lines.
    let rest: string[] = [];
    await expect
      .poll(async () => {
        rest = (await page.evaluate(TEXT_UNDER_MARKS)) as string[];
        return normal(`${got.lines.join(' ')} ${rest.join(' ')}`);
      })
      .toBe(CROSSING_SENTENCE);
    expect(rest.length).toBeGreaterThan(0);
  }, 120_000);

  it('cites a passage found in a table by the table ("Table 2, p. 2") and marks it', async () => {
    const caption = 'Dye exclusion by treatment group (% viable cells).';
    const got = await openCitation('dye exclusion', caption);
    expect(got.label).toMatch(/, Table 2, p\. 2$/);
    expect(got.page).toBe('2');
    expect(normal(got.lines.join(' '))).toBe(caption);
    expect(await page.getByTestId('pdf-viewer').locator('.viewer-title').textContent()).toContain(
      'Table 2, p. 2',
    );
  }, 120_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TWO_SENTENCE, makeProvenancePaper } from '../fixtures/provenance-paper';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { dropFiles } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The two-column provenance paper through the built-in engine: the evidence for rapamycin sits in a passage
 * that starts on page 1, in a sentence printed on page 2. Its citation must say page 2 and the viewer must
 * open page 2 with that sentence highlighted.
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
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('shows page 2 and highlights exactly the cited sentence', async () => {
    await dropFiles(page, [file]);
    const doc = page.getByTestId('doc-row').filter({ hasText: /metformin/i });
    await expect
      .poll(() => doc.getAttribute('data-status'), { timeout: 120_000, interval: 500 })
      .toBe('done');
    await page.getByTestId('nav-graph').click();
    await expect
      .poll(async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes')), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('rapamycin');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('path').count(), { timeout: 20_000, message: 'paths for rapamycin' })
      .toBeGreaterThan(0);
    const citation = page.getByTestId('citation').first();
    expect(await citation.textContent()).toMatch(/p\. 2$/);
    await citation.click();
    const viewer = page.getByTestId('pdf-viewer');
    await expect.poll(() => viewer.getAttribute('data-page')).toBe('2');
    await expect
      .poll(() => page.locator('.textLayer .hl').count(), { timeout: 20_000, message: 'highlighted spans' })
      .toBeGreaterThan(0);
    const lit = words((await page.locator('.textLayer .hl').allTextContents()).join(' '));
    const sentence = words(PAGE_TWO_SENTENCE);
    // The highlighted lines hold the sentence and little else (a line may begin with the sentence before).
    expect(lit.replace(/ /g, '')).toContain(sentence.replace(/ /g, ''));
    expect(lit.length).toBeLessThan(sentence.length * 1.8);
  }, 240_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures } from '../fixtures/make-fixtures';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { mockBackend } from './ui-mock-backend';

const SHOTS = path.resolve('test-results/screens');
const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/**
 * Every screen with realistic data, in both themes, against `ariadne serve` with the library/graph/chat
 * domains answered by a page-level mock. Checks the UI's own behaviour: streaming, stop, citations → PDF
 * at the page with the quote highlighted, markdown sanitising, graph panels, keyboard shortcuts.
 */
describe.skipIf(!!missing)('the screens with a mocked library', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-ui-fx-')));
    const pdf = fs
      .readFileSync(fx.papers.find((p) => p.file.endsWith('tp53-metformin.pdf'))!.file)
      .toString('base64');
    serve = await startServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await mockBackend(page, { pdfBase64: pdf });
    await page.goto(serve.url);
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`library: progress, errors with actions, delete confirmation (${theme})`, async () => {
      await page.evaluate((t) => localStorage.setItem('ariadne.theme', t), theme);
      await page.reload();
      await page.getByTestId('nav-library').click();
      await expect.poll(() => page.getByTestId('doc-row').count()).toBe(4);
      expect(await page.getByTestId('doc-progress').first().textContent()).toMatch(/passages 7\/12/);
      expect(await page.getByTestId('doc-error').textContent()).toMatch(/unreadable JSON/);
      await page.getByRole('button', { name: 'Details' }).click();
      await page.getByText('Passage 18').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `library-${theme}.png`) });
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `library-delete-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    });

    it(`chat: streams, cites, opens the PDF at the page, expands the trace (${theme})`, async () => {
      await page.getByTestId('nav-chat').click();
      await page.getByTestId('chat-input').fill('How does metformin act on mTOR?');
      await page.keyboard.press('Control+Enter');
      await page.getByTestId('chat-stop').waitFor();
      await expect
        .poll(() => page.locator('.turn[data-status="done"]').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // Raw HTML in model output is shown as text, never executed or parsed.
      expect(await page.locator('.markdown script').count()).toBe(0);
      await page.getByTestId('trace-toggle').last().click();
      await page.getByTestId('trace').last().waitFor();
      await page.screenshot({ path: path.join(SHOTS, `chat-${theme}.png`) });
      await page.locator('.markdown .cite-chip[data-cite="1"]').last().click();
      const viewer = page.getByTestId('pdf-viewer');
      await viewer.waitFor();
      await expect.poll(() => viewer.getAttribute('data-page')).toBe('2');
      await expect.poll(() => page.locator('.textLayer .hl').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SHOTS, `pdf-viewer-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);
    });
  }

  it('chat: stop mid-stream keeps the partial answer and marks it stopped', async () => {
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('chat-input').fill('Again, slowly');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-stop').click();
    await expect.poll(() => page.locator('.turn').last().getAttribute('data-status')).toBe('stopped');
    await page.getByTestId('chat-send').waitFor();
  });

  it('graph: renders, searches with Ctrl+K, shows paths with citations, opens panels', async () => {
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('graph-search');
    await expect.poll(() => page.getByTestId('graph-canvas').getAttribute('data-nodes')).toBe('400');
    await page.keyboard.type('metformin');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('path').count()).toBe(2);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(SHOTS, 'graph-search-dark.png') });
    await page.getByTestId('citation').first().click();
    await expect.poll(() => page.getByTestId('pdf-viewer').getAttribute('data-page')).toBe('2');
    await page.keyboard.press('Escape');
    await page.getByTestId('path').first().getByRole('button', { name: 'AMPK' }).click();
    await page.getByTestId('entity-panel').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'graph-entity-dark.png') });
    await page.getByRole('button', { name: 'Review duplicates' }).click();
    await page.getByTestId('merge-review').waitFor();
    await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('communities');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, 'graph-review-communities-dark.png') });
  });

  it('settings and the light-theme graph', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByTestId('connection-result').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'settings-dark.png'), fullPage: true });
    await page.getByRole('radio', { name: 'Light' }).click();
    await page.screenshot({ path: path.join(SHOTS, 'settings-light.png'), fullPage: true });
    await page.getByTestId('nav-graph').click();
    await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('2000');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(SHOTS, 'graph-light.png') });
    expect(errors.filter((e) => !/WebGL|GPU|swiftshader/i.test(e))).toEqual([]);
  });
});

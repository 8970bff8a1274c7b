import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { applyTheme, axeProblems, dropFiles, screenshot, SHOTS, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);
const ANSWER = { timeout: 120_000 };

/**
 * An answer's citations as a reader checks them: numbered 1..n in order of use, each chip previewing its
 * quote on hover and on keyboard focus, a citation into a Markdown note opening the note's text scrolled
 * to the marked sentence (not the PDF viewer), and the trace in plain words. The built-in engine answers.
 */
describe.skipIf(!!missing)('chat citations in Chromium', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let fx: FixtureFiles;
  let problems: () => string[];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cite-fx-')));
    serve = await startServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    problems = watchPageProblems(page);
    await page.goto(serve.url);
    await dropFiles(page, [fx.md, fx.txt, ...fx.papers.map((p) => p.file)]);
    // Every document read (the built-in engine takes seconds; a loaded machine, longer).
    const done = () =>
      page
        .getByTestId('doc-row')
        .evaluateAll((rows) => rows.filter((r) => r.getAttribute('data-status') === 'done').length);
    const until = Date.now() + ANSWER.timeout;
    while ((await done()) < 2 + fx.papers.length) {
      if (Date.now() > until) throw new Error('the dropped documents were not all read in time');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  async function ask(question: string): Promise<Locator> {
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('chat-input').fill(question);
    await page.keyboard.press('Control+Enter');
    const turn = page.getByTestId('chat-turn').last();
    await expect.poll(() => turn.getAttribute('data-status'), ANSWER).toBe('done');
    return turn;
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`chips preview their quote on hover and focus; a Markdown note opens as text at the sentence (${theme})`, async () => {
      await applyTheme(page, theme);
      const turn = await ask('What does OEA activate in enterocytes?');
      const chips = turn.locator('.markdown .cite-chip');
      // Numbered 1..n in the order the answer uses them: no gaps, no jumps.
      const numbers = await chips.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-cite'))));
      expect(numbers.length).toBeGreaterThan(0);
      expect([...new Set(numbers)]).toEqual([...new Set(numbers)].map((_, i) => i + 1));

      const tip = turn.getByTestId('chat-citation-tip');
      const first = chips.first();
      await first.hover();
      await expect.poll(() => tip.isVisible()).toBe(true);
      const quote = (await turn.locator('.source-quote').first().textContent())!.replace(/[“”]/g, '').trim();
      expect((await tip.textContent())!).toContain(quote.slice(0, 30));
      await page.mouse.move(0, 0);
      await expect.poll(() => tip.isVisible()).toBe(false);
      // Keyboard: focus shows it (the chip is described by it), Escape hides it.
      await first.focus();
      await expect.poll(() => tip.isVisible()).toBe(true);
      expect(await first.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, `chat-citation-preview-${theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => tip.isVisible()).toBe(false);

      // The citation into the Markdown note opens its text, the cited sentence marked and in view.
      const note = turn.locator('.source-item', { hasText: /Notes on OEA/ }).first();
      const noteQuote = (await note.locator('.source-quote').textContent())!.replace(/[“”]/g, '').trim();
      await note.click();
      const viewer = page.getByTestId('pdf-viewer');
      const mark = viewer.getByTestId('text-source-mark');
      await mark.waitFor();
      const words = (t: string) => t.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      expect(words((await mark.textContent())!)).toBe(words(noteQuote));
      expect(await viewer.textContent()).not.toMatch(/is not a PDF/);
      await expect
        .poll(() =>
          mark.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, `text-source-${theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);

      // The trace in plain words, the developer's detail behind its own toggle.
      await turn.getByTestId('trace-toggle').click();
      const trace = turn.getByTestId('trace');
      expect(await trace.textContent()).toMatch(/Looked for passages about/);
      expect(await trace.locator('li.trace-detail').count()).toBe(0);
      await turn.getByTestId('trace-detail-toggle').click();
      await expect.poll(() => trace.locator('li.trace-detail').count()).toBeGreaterThan(0);
      expect(await axeProblems(page)).toEqual([]);
    }, 180_000);
  }

  it('left nothing wrong on the page', () => {
    expect(problems()).toEqual([]);
  });
});

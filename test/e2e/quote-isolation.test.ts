import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);
const ASSETS = path.resolve('out/renderer/assets');
const css = fs.existsSync(ASSETS) ? fs.readdirSync(ASSETS).find((f) => f.endsWith('.css')) : undefined;

/**
 * A quote is document text shown with every character, so an unclosed bidi override (U+202E) in it stays
 * in it: with the app's built style sheet, what follows the quote on the line (its page, a citation link)
 * keeps its place after it. Without the isolation the link was laid out before the quote's reversed words.
 */
describe.skipIf(!!missing || !css)('quotes with bidi overrides, in Chromium with the built styles', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reverse only themselves, whatever element shows them', async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<html><head><style>${fs.readFileSync(path.join(ASSETS, css!), 'utf8')}</style></head><body>` +
        ['q', 'blockquote'].map(
          (tag) =>
            `<div style="display:flex"><p style="margin:0"><${tag} style="display:inline;margin:0;padding:0">` +
            `heparin \u202ecauses bleeding</${tag}> <a href="#" id="after-${tag}">page 4</a></p></div>`,
        ) +
        `<p style="margin:0"><span class="source-quote" style="display:inline">heparin \u202ecauses bleeding</span> <a href="#" id="after-span">page 4</a></p>` +
        '</body></html>',
    );
    for (const id of ['after-q', 'after-blockquote', 'after-span']) {
      const placed = await page.evaluate((id) => {
        const a = document.getElementById(id)!;
        const quote = a.parentElement!.firstElementChild!;
        return { quoteRight: quote.getBoundingClientRect().right, linkLeft: a.getBoundingClientRect().left };
      }, id);
      expect(placed.linkLeft, id).toBeGreaterThanOrEqual(placed.quoteRight - 1);
    }
    await page.close();
  });
});

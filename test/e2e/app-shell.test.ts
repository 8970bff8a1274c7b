import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';

const SHOTS = path.resolve('test-results/screens');
const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

describe.skipIf(!!missing)('the app shell in Chromium against `ariadne serve`', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    serve = await startServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(String(e)));
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('shows the shell with the active provider in the status bar', async () => {
    await page.goto(serve.url);
    await expect
      .poll(() => page.getByTestId('status-provider').textContent(), { timeout: 15_000 })
      .toContain('built-in');
    await page.screenshot({ path: path.join(SHOTS, 'shell-library.png') });
  });

  it('takes the token out of the address bar and its history entry, and still connects after a reload', async () => {
    expect(serve.url).toContain('token=');
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => location.href)).not.toContain('token');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('status-provider').textContent(), { timeout: 15_000 })
      .toContain('built-in');
    expect(page.url()).not.toContain('token');
  });

  it('visits all four sections by mouse and keyboard, with a screenshot of each', async () => {
    for (const section of ['library', 'graph', 'chat', 'settings'] as const) {
      await page.getByTestId(`nav-${section}`).click();
      await expect
        .poll(() => page.locator('main h1').first().textContent())
        .toMatch(new RegExp(section, 'i'));
      await page.screenshot({ path: path.join(SHOTS, `section-${section}.png`) });
    }
    await page.keyboard.press('Control+2');
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Graph');
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByTestId('nav-settings').click();
    await page.screenshot({ path: path.join(SHOTS, 'settings-dark.png') });
  });

  it('serves the page with a CSP that forbids eval, and the API refuses calls without the token', async () => {
    const res = await fetch(serve.origin + '/');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    const api = await fetch(serve.origin + '/api/app:info', { method: 'POST', body: '{}' });
    expect(api.status).toBe(401);
    expect(consoleErrors).toEqual([]);
  });
});

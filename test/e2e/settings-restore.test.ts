import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { runBuiltCli } from '../integration/helpers/built-cli';
import { applyTheme, axeProblems, screenshot, SHOTS, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

const NOTES = {
  'heparin-note.txt':
    'Heparin after trauma\n\nLow molecular weight heparin (LMWH) prevents deep venous thrombosis (DVT) after trauma.\n',
  'metformin-note.txt':
    'Metformin and AMPK\n\nMetformin activates AMP-activated protein kinase (AMPK) in hepatocytes.\n',
};

/**
 * Settings → Snapshots → "Restore…" against the built `ariadne serve` on a real library (Kùzu, LanceDB, the
 * built-in engine): two notes imported one batch at a time leave a snapshot taken before the second; the
 * card restores it after a confirmation, by keyboard, and the next start shows the library as it was then,
 * with the card saying what happened. Both themes are checked with axe.
 */
describe.skipIf(!!missing)('Settings: restoring a snapshot', () => {
  let dir: string;
  let data: string;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let problems: () => string[];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-restore-'));
    data = path.join(dir, 'lib');
    // One import batch each: the second is preceded by a snapshot of the library holding the first.
    for (const [name, text] of Object.entries(NOTES)) {
      fs.writeFileSync(path.join(dir, name), text);
      const r = await runBuiltCli(['--data', data, '--llm', 'builtin', 'ingest', path.join(dir, name)]);
      expect(r.code, r.out).toBe(0);
    }
    serve = await startServe({ dataDir: data });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchPageProblems(page);
    await page.goto(serve.url);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const titles = async () => {
    await page.getByTestId('nav-library').click();
    return page.getByTestId('doc-row').allTextContents();
  };
  const openSettings = async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('snapshots-card').waitFor();
  };

  it('lists the snapshots and, confirmed by keyboard, chooses one to restore at the next start', async () => {
    await expect.poll(async () => (await titles()).length, { timeout: 30_000 }).toBe(2);
    await openSettings();
    const card = page.getByTestId('snapshots-card');
    const options = card.locator('#snapshot-pick option');
    await expect.poll(() => options.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const labels = await options.allTextContents();
    const earlier = labels.findIndex((l) => /— 1 document, before an import/.test(l));
    expect(earlier, labels.join('\n')).toBeGreaterThanOrEqual(0);
    const value = await options.nth(earlier).getAttribute('value');

    // Keyboard only: the select, then Tab to "Restore…", Enter; the confirmation takes the focus.
    await card.locator('#snapshot-pick').focus();
    await card.locator('#snapshot-pick').selectOption(value!);
    const restore = card.getByRole('button', { name: 'Restore…' });
    await restore.focus();
    await page.keyboard.press('Enter');
    const confirm = card.getByRole('group', { name: 'Confirm restore' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/1 document\)/);
    // Escape backs out and gives the focus back to "Restore…".
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Restore…');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Restore at next start');
    await page.keyboard.press('Enter');

    const status = card.getByTestId('snapshot-status');
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toMatch(/goes back to the snapshot of .* \(1 document\) when it next starts/);
    expect(await card.getByRole('button', { name: 'Cancel restore' }).count()).toBe(1);
    for (const theme of ['light', 'dark'] as const) {
      await applyTheme(page, theme);
      await openSettings();
      await expect.poll(() => status.textContent()).toMatch(/when it next starts/);
      await screenshot(page, `settings-restore-chosen-${theme}`);
      expect(await axeProblems(page)).toEqual([]);
    }
  });

  it('the next start shows the earlier library and says what was restored', async () => {
    // Quit, as a user would: the page goes with the server it talks to.
    await page.goto('about:blank');
    await serve.stop();
    serve = await startServe({ dataDir: data });
    await page.goto(serve.url);
    await expect.poll(async () => (await titles()).length, { timeout: 30_000 }).toBe(1);
    expect((await titles()).join(' ')).toMatch(/heparin/i);
    expect((await titles()).join(' ')).not.toMatch(/metformin/i);

    await openSettings();
    const status = page.getByTestId('snapshot-status');
    await expect
      .poll(() => status.textContent(), { timeout: 15_000 })
      .toMatch(/Restored the snapshot of .* \(1 document\) .* kept in the library folder, in replaced-/);
    const aside = fs.readdirSync(data).filter((n) => n.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(data, aside[0]!, 'graph.kuzu'))).toBe(true);
    await screenshot(page, 'settings-restore-done');
    expect(await axeProblems(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_PASSWORD, makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { scanOf } from '../fixtures/scanned-pdf';
import { chromiumMissingReason } from '../helpers/browser';
import { filesHolding } from '../helpers/files-holding';
import type { ServeProcess } from '../helpers/serve-process';
import { openAppOnSim, type AppOnSim } from './app-on-sim';
import { docRow } from './library-states';
import { axeProblems, dropFiles } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/**
 * What a new user's first real import looks like: one drop holding a paper already in the library, a new
 * paper, a scan, a PDF locked with a password, one that is damaged inside, one cut short and a web page
 * saved as ".pdf". The toast counts each kind on its own, every file gets a row with the one sentence and
 * the actions that can help it, nothing else is lost, and the locked one opens from its row.
 */
describe.skipIf(!!missing)('a mixed batch dropped at once, in Chromium', () => {
  let serve: ServeProcess;
  let app: AppOnSim;
  let page: Page;
  let fx: FixtureFiles;
  let scan: string;
  let problems: () => string[];
  const slow = { timeout: 90_000, interval: 250 };
  const status = (file: string) => () => docRow(page, file).getAttribute('data-status');
  /** The failure actions a row offers (Remove is every failed row's own button). */
  const actionsOf = (row: Locator) =>
    row.locator('button[data-action]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-action')));

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-mixed-batch-'));
    fx = await makeFixtures(path.join(dir, 'fx'));
    // The OEA paper's first page rendered to an image and wrapped in a PDF: no text layer, as scanned.
    const oea = fx.papers.find((p) => p.file.endsWith('oea-akkermansia.pdf'))!.file;
    scan = path.join(dir, 'scanned-page.pdf');
    fs.writeFileSync(scan, await scanOf(new Uint8Array(fs.readFileSync(oea)), [1]));
    app = await openAppOnSim({ seed: 7, default: { latencyMs: 5 } });
    ({ serve, page, problems } = app);
  });
  afterAll(() => app?.close());

  it('counts added, known and failed apart, and gives each row its own reason and actions', async () => {
    const [known, fresh] = fx.papers.map((p) => p.file) as [string, string];
    await page.getByTestId('nav-library').click();
    await dropFiles(page, [known]);
    // In the library once its row is there; it need not be read yet to be known.
    await docRow(page, known).waitFor({ timeout: 60_000 });

    const { locked, corrupt, truncated, notPdf } = fx.hostile;
    const batch = [known, fresh, scan, locked, corrupt, truncated, notPdf];
    await dropFiles(page, batch);
    const toast = page.getByTestId('toasts').locator('.toast', { hasText: /already in the library/ });
    await toast.waitFor({ timeout: 60_000 });
    const said = (await toast.textContent())!;
    // The new paper, the scan and the damaged one are added (the damage shows only when it is read); the
    // locked, cut-short and not-a-PDF files are told from their bytes at once.
    expect(said).toContain('3 documents added');
    expect(said).toContain(`1 already in the library (${path.basename(known)})`);
    expect(said).toContain('3 failed (');
    expect(said).toContain(`${path.basename(locked)}: password-protected`);
    expect(said).toContain(`${path.basename(truncated)}: truncated`);
    expect(said).toContain(`${path.basename(notPdf)}: not a PDF / corrupt`);
    expect(said).not.toMatch(/7 documents added/);

    for (const file of [known, fresh, scan]) await expect.poll(status(file), slow).toBe('done');
    await expect.poll(status(corrupt), slow).toBe('failed');
    // What failed while being read is told when it does: the import's toast could not know it.
    await page
      .getByTestId('toasts')
      .locator('.toast', { hasText: `1 of 3 failed while being read: ${path.basename(corrupt)}` })
      .waitFor({ timeout: 30_000 });

    // One row per distinct file: the known paper is not listed twice, and nothing dropped is missing.
    expect(await page.getByTestId('doc-row').count()).toBe(batch.length);
    expect(await docRow(page, known).count()).toBe(1);

    // The scan was read by OCR and says so; a read paper offers opening it, no failure actions.
    const scanned = docRow(page, scan);
    await expect
      .poll(() => scanned.getByTestId('doc-notes').textContent())
      .toMatch(/^Read by OCR \(page 1: no text layer\), \d+% confidence/);
    for (const file of [known, fresh, scan]) {
      expect(await actionsOf(docRow(page, file))).toEqual([]);
      expect(await docRow(page, file).getByRole('button', { name: 'Open' }).count()).toBe(1);
    }
    // Each failed row: why in one sentence, and only what can help it.
    const expected: [string, RegExp, string[]][] = [
      [locked, /^This PDF is locked with a password: enter it/, ['password']],
      [corrupt, /^This file is not a readable PDF \(.+\): it may be damaged/, ['show-file']],
      [truncated, /^This file is not a readable PDF \(truncated\)/, ['show-file']],
      [notPdf, /^This file is not a readable PDF \(not a PDF \/ corrupt\)/, ['show-file']],
    ];
    for (const [file, message, actions] of expected) {
      const row = docRow(page, file);
      expect(await row.getAttribute('data-status'), file).toBe('failed');
      expect(await row.getByTestId('doc-error').textContent(), file).toMatch(message);
      expect(await actionsOf(row), file).toEqual(actions);
      for (const useless of ['Open', 'Re-read', 'Try again'])
        expect(
          await row.getByRole('button', { name: useless, exact: true }).count(),
          `${file}: ${useless}`,
        ).toBe(0);
      expect(await row.getByRole('button', { name: 'Remove' }).count(), file).toBe(1);
    }
    expect(await axeProblems(page)).toEqual([]);
  }, 240_000);

  it('the locked PDF opens from its row: a wrong password says so, the right one reads it', async () => {
    const row = docRow(page, fx.hostile.locked);
    const dialog = page.getByRole('dialog', { name: /^Password for/ });
    await row.getByRole('button', { name: 'Enter password' }).click();
    await dialog.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByTestId('pdf-password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Open document' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => row.getByTestId('doc-error').textContent(), slow)
      .toMatch(/^The password was wrong: enter the document’s password again/);
    expect(await row.getAttribute('data-status')).toBe('failed');

    await row.getByRole('button', { name: 'Enter password' }).click();
    await dialog.getByText('The password given last time was wrong.').waitFor();
    await dialog.getByTestId('pdf-password').fill(ENCRYPTED_PASSWORD);
    await dialog.getByRole('button', { name: 'Open document' }).click();
    await expect.poll(status(fx.hostile.locked), slow).toBe('done');
    expect(await row.getByTestId('doc-error').count()).toBe(0);
    // The others are as they were: nothing was lost or re-read along the way.
    expect(await page.getByTestId('doc-row').count()).toBe(7);
    expect(await page.locator('[data-testid="doc-row"][data-status="failed"]').count()).toBe(3);
    expect(await axeProblems(page)).toEqual([]);
    // The password is in no file of the library.
    expect(filesHolding(serve.dataDir, ENCRYPTED_PASSWORD)).toEqual([]);
  }, 120_000);

  it('nothing went wrong in the page', () => {
    expect(problems()).toEqual([]);
  });
});

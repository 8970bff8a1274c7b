import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { chromiumMissingReason } from '../helpers/browser';
import type { Sim } from '../sim/server';
import { openAppOnSim, type AppOnSim } from './app-on-sim';
import { dropFiles } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/**
 * A dropped batch estimated to take longer than Settings' limit asks first, showing calls, tokens and time;
 * Cancel adds nothing. Under the limit the drop is indexed without a question.
 */
describe.skipIf(!!missing)('the estimate before indexing, in Chromium', () => {
  let sim: Sim;
  let app: AppOnSim;
  let page: Page;
  let fx: FixtureFiles;

  const setLimit = async (minutes: number) => {
    await page.getByTestId('nav-settings').click();
    const input = page.getByLabel('Ask before indexing above (min)');
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.fill(String(minutes));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('nav-library').click();
  };
  const rows = () => page.getByTestId('doc-row');

  beforeAll(async () => {
    fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-estimate-fx-')));
    app = await openAppOnSim({ seed: 7, default: { latencyMs: 50 } }, { width: 1280, height: 800 });
    ({ sim, page } = app);
  });
  afterAll(() => app?.close());

  it('above the limit the drop shows the estimate and asks; Cancel adds nothing', async () => {
    await setLimit(0);
    sim.resetStats();
    await dropFiles(page, [fx.papers[0]!.file, fx.txt]);
    const dialog = page.getByRole('dialog', { name: 'Index 2 documents?' });
    await dialog.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => dialog.getByTestId('import-estimate').textContent())
      .toMatch(/^2 documents, ~\d+ passages: ~\d+ model calls, ~[\d.]+k? tokens, ~\d+ s with qwen2\.5:7b\.$/);
    // The model was never timed: one call on the first passage, nothing else.
    expect(sim.stats().byEndpoint['/api/chat']).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toasts').locator('.toast', { hasText: 'Nothing was added.' }).waitFor();
    expect(await rows().count()).toBe(0);
    // Still nothing after a moment: Cancel did not just delay the import.
    await page.waitForTimeout(1000);
    expect(await rows().count()).toBe(0);
    expect(sim.stats().byEndpoint['/api/chat']).toBe(1);
  });

  it('under the limit the drop is indexed without a question', async () => {
    await setLimit(60);
    await dropFiles(page, [fx.txt]);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

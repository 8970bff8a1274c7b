import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { sharedFolder } from '../shared-data';
import { citingPapers, EXPECTED_CITATIONS } from '../fixtures/paper-library';
import { applyTheme, screenshot, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);
const papers = sharedFolder('papers');

/**
 * The library of the 16 shared real papers, read by the built-in engine, with three generated papers: the
 * shared papers cite none of each other (each title was looked for in every other paper's text), so two
 * generated papers are works that shared papers cite, printed as their reference lists print them, and one
 * cites two shared papers. Skipped without the shared data.
 */
describe.skipIf(!!missing || !papers)(
  'the paper map, search framing and duplicate review on real papers',
  () => {
    let serve: ServeProcess;
    let browser: Browser;
    let page: Page;
    let problems: () => string[];
    const snapshot = () => page.evaluate(() => window.__ariadneCanvas!.snapshot());
    const layoutIdle = () =>
      expect
        .poll(() => page.getByTestId('graph-canvas').getAttribute('data-layout'), { timeout: 60_000 })
        .toBe('idle');

    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-paper-map-'));
      const extra = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-citing-'));
      for (const p of citingPapers()) fs.writeFileSync(path.join(extra, p.file), p.text);
      const pdfs = fs
        .readdirSync(papers!)
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => path.join(papers!, f));
      // The command a user runs; the library is then served as `ariadne serve` serves any library.
      execFileSync(
        process.execPath,
        ['bin/ariadne.js', '--data', dataDir, '--llm', 'builtin', 'ingest', '--yes', ...pdfs, extra],
        { stdio: 'ignore', timeout: 900_000 },
      );
      serve = await startServe({ dataDir });
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      problems = watchPageProblems(page);
      await page.goto(serve.url);
      await page.getByTestId('nav-graph').click();
    }, 960_000);
    afterAll(async () => {
      await browser?.close();
      await serve?.stop();
    });

    it('draws the citations between papers that cite each other, and only those', async () => {
      await page.getByTestId('mode-papers').click();
      await page.getByTestId('paper-map').waitFor();
      await expect
        .poll(() => page.getByTestId('paper-map-caption').textContent(), {
          timeout: 30_000,
        })
        .toMatch(/^19 papers · 4 citations in this library/);
      await layoutIdle();
      const s = await snapshot();
      const label = new Map(s.nodes.map((n) => [n.key, n.label]));
      const cites = s.edges
        .filter((e) => e.kind === 'cites')
        .map((e) => `${label.get(e.source)} > ${label.get(e.target)}`)
        .sort();
      // By first author and year: Kovač 2024 is the generated review, Dang 2022 and Borea 2015 the generated
      // cited works, Dang 2023 (Sci Rep), Poredoš 2019 (Entropy) and Cai 2024 (Nat Commun) shared papers.
      expect(cites).toEqual(
        [
          'Kovač 2024 > Dang 2023',
          'Kovač 2024 > Poredoš 2019',
          'Dang 2023 > Dang 2022',
          'Cai 2024 > Borea 2015',
        ].sort(),
      );
      expect(EXPECTED_CITATIONS).toHaveLength(cites.length);
      await screenshot(page, 'paper-map-16');

      // A paper's panel: what it cites, what cites it, its references not in the library with DOI links.
      // Read where it is once it stands still: the camera refits when the legend appears, after the layout.
      const at = async () => {
        const n = (await snapshot()).nodes.find((x) => x.label === 'Dang 2023');
        return n ? `${Math.round(n.x)},${Math.round(n.y)}` : '';
      };
      let last = '';
      await expect
        .poll(
          async () => {
            const [was, now] = [last, await at()];
            last = now;
            return !(await snapshot()).moving && now !== '' && now === was;
          },
          { interval: 300 },
        )
        .toBe(true);
      const dang = (await snapshot()).nodes.find((n) => n.label === 'Dang 2023');
      const box = await page.getByTestId('graph-canvas').boundingBox();
      await page.mouse.click((box?.x ?? 0) + (dang?.x ?? 0), (box?.y ?? 0) + (dang?.y ?? 0));
      const panel = page.getByTestId('paper-panel');
      await panel.waitFor();
      await expect.poll(() => panel.getByTestId('cites-list').textContent()).toContain('Dang 2022');
      expect(await panel.getByTestId('cited-by-list').textContent()).toContain('Kovač 2024');
      await expect
        .poll(() => panel.getByTestId('missing-references').locator('li').count())
        .toBeGreaterThan(5);
      expect(await panel.getByTestId('paper-entities').getByRole('button').count()).toBeGreaterThan(0);
      await screenshot(page, 'paper-map-16-panel');
      // Esc closes the panel.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('paper-panel').count()).toBe(0);
    });

    it('a search frames its result and labels it; one key from the search box reaches the results', async () => {
      await page.getByTestId('mode-entities').click();
      await expect
        .poll(async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes')))
        .toBeGreaterThan(0);
      await layoutIdle();
      const before = (await snapshot()).camera.ratio;
      await page.getByTestId('graph-search').fill('glucokinase');
      await page.keyboard.press('Enter');
      await page.getByTestId('search-results').waitFor();
      // The camera starts its flight once the results are drawn: wait until it has flown and stopped with the
      // result in view (a CI run under load read the canvas before the flight began).
      const isGck = (label: string) => ['glucokinase', 'gck'].includes(label.toLowerCase());
      await expect
        .poll(
          async () => {
            const now = await snapshot();
            const n = now.nodes.find((x) => isGck(x.label));
            return !now.moving && !!n && n.x > 0 && n.x < now.width && n.y > 0 && n.y < now.height;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const s = await snapshot();
      // The paper defines "glucokinase (GCK)": one entity, named by either form, the other its alias.
      const node = s.nodes.find((n) => ['glucokinase', 'gck'].includes(n.label.toLowerCase()));
      expect(node).toBeTruthy();
      // Framed: the camera moved in, and the node is in the canvas; labelled: its name is drawn.
      expect(s.camera.ratio).toBeLessThan(before);
      expect(node!.x).toBeGreaterThan(0);
      expect(node!.x).toBeLessThan(s.width);
      expect(node!.y).toBeGreaterThan(0);
      expect(node!.y).toBeLessThan(s.height);
      expect(s.labels.map((l) => l.label)).toContain(node!.label);
      await screenshot(page, 'paper-map-search-framed');
      // One key to the results: the paths are a listbox.
      await page.getByTestId('graph-search').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('search-results').count()).toBe(0);
    });

    it('accepts all plural pairs in one action and undoes it after the panel was closed', async () => {
      await page.getByRole('button', { name: 'Review duplicates' }).click();
      const review = page.getByTestId('merge-review');
      const plurals = review.locator('[data-testid="merge-group"][data-kind="plural"]');
      await plurals.waitFor({ timeout: 30_000 });
      const count = async () =>
        Number(/\((\d+) pairs?\)/.exec((await plurals.locator('h3').textContent()) ?? '')?.[1]);
      const n = await count();
      expect(n).toBeGreaterThan(1);
      await screenshot(page, 'paper-map-review');
      await plurals.getByTestId('merge-group-accept').click();
      await expect
        .poll(() => review.getByTestId('merge-history').textContent())
        .toContain(`Merged ${n} pairs`);
      await expect.poll(() => plurals.count()).toBe(0);
      // Closed and opened again: the history is still there, with its Undo.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('merge-review').count()).toBe(0);
      await page.getByRole('button', { name: 'Review duplicates' }).click();
      await page.getByTestId('merge-undo').first().click();
      await expect.poll(() => review.getByTestId('merge-history').textContent()).toContain('(undone)');
      await expect.poll(count, { timeout: 30_000 }).toBe(n);
    });

    for (const theme of ['light', 'dark'] as const)
      it(`the paper map's screens look right in the ${theme} theme`, async () => {
        await applyTheme(page, theme);
        await page.getByTestId('nav-graph').click();
        await page.getByTestId('mode-papers').click();
        await page.getByTestId('paper-map').waitFor();
        await layoutIdle();
        await screenshot(page, `paper-map-16-${theme}`);
      });

    it('nothing went wrong in the page', () => {
      expect(problems()).toEqual([]);
    });
  },
);

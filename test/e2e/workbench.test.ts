import fs from 'node:fs';
import Graph from 'graphology';
import { parse as parseGraphml } from 'graphology-graphml';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureLibrary } from '../helpers/fixture-library';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { applyTheme, axeProblems, screenshot, SHOTS, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/**
 * The workbench on a library of two generated papers read by the built-in engine: the library table,
 * colours with a legend, the one-row filter bar, the entity list, citation quotes on focus, exports, the
 * weight of the first screen, and axe-core on every screen in both themes.
 */
describe.skipIf(!!missing)('the workbench', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let problems: () => string[];
  const firstScreenJs: number[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    serve = await startServe({ dataDir: await fixtureLibrary('ariadne-workbench-') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    problems = watchPageProblems(page);
    page.on('response', async (r) => {
      if (r.url().endsWith('.js') && r.request().frame() === page.mainFrame())
        firstScreenJs.push((await r.body().catch(() => Buffer.alloc(0))).length);
    });
    await page.goto(serve.url);
    await page.getByTestId('doc-row').first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  /** Whether a click at the element's centre reaches it: not clipped by a scrolling parent, not covered. */
  const reachable = (l: Locator) =>
    l.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    });
  /** The filter bar is one row, with every control (Export last) inside it and nothing scrolled away. */
  async function expectOneFilterRow(): Promise<void> {
    const bar = page.getByRole('group', { name: 'Graph filters' });
    expect((await bar.boundingBox())!.height).toBeLessThan(48);
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await reachable(page.getByRole('button', { name: /^Types:/ }))).toBe(true);
    expect(await reachable(page.getByRole('button', { name: /^Export/ }))).toBe(true);
  }

  it('the first screen loads at most 1 MB of JavaScript (explorer, chat and PDF viewer load on demand)', () => {
    const total = firstScreenJs.reduce((s, n) => s + n, 0);
    expect(total).toBeGreaterThan(100_000);
    expect(total).toBeLessThanOrEqual(1_000_000);
  });

  it('the library is a sortable table with whole titles, DOIs as links and no idle queue controls', async () => {
    const titles = () => page.locator('[data-testid="doc-row"] .doc-title').allTextContents();
    await page.getByRole('button', { name: /^Title/ }).click();
    const asc = await titles();
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b)));
    await page.getByRole('button', { name: /^Title/ }).click();
    expect(await titles()).toEqual([...asc].reverse());
    expect(await page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    // Whole titles, wrapped: nothing is cut at the column's edge.
    for (const title of await page.locator('[data-testid="doc-row"] .doc-title').all()) {
      const fits = await title.evaluate(
        (el) => getComputedStyle(el).whiteSpace === 'normal' && el.scrollWidth <= el.clientWidth,
      );
      expect(fits, (await title.textContent()) ?? '').toBe(true);
    }
    const doi = page.locator('[data-testid="doc-row"] .col-doi a').first();
    expect(await doi.getAttribute('href')).toMatch(/^https:\/\/doi\.org\/10\./);
    expect(await page.getByTestId('queue-toggle').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select all shown documents' }).check();
    expect(await page.getByTestId('bulk-bar').textContent()).toMatch(/2 documents selected/);
    await page.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('type colours have a legend with counts; the filters stay on one row', async () => {
    await page.getByTestId('nav-graph').click();
    const legend = page.getByTestId('graph-legend');
    await legend.waitFor();
    const entries = await legend.locator('li').allTextContents();
    expect(entries.length).toBeGreaterThan(1);
    const drawn = Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes'));
    const counted = entries.reduce((s, t) => s + Number(/(\d[\d,]*)$/.exec(t)![1]!.replace(/,/g, '')), 0);
    expect(counted).toBe(drawn);
    await expectOneFilterRow();
    await page.getByRole('button', { name: /^Types:/ }).click();
    const options = page.getByRole('group', { name: 'Entity types' }).locator('input');
    expect(await options.count()).toBe(entries.length);
    expect(await reachable(options.last())).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox').filter({ hasText: 'by type' }).selectOption('community');
    // Communities are computed in the background once ingestion settles; until then the legend says so.
    await expect
      .poll(() => legend.textContent())
      .toMatch(/Community 1|Communities are computed after reading/);
    await page.getByRole('combobox').filter({ hasText: 'by community' }).selectOption('type');
  });

  /** Legend entry name → swatch colour, as drawn. */
  const legendColours = () =>
    page
      .getByTestId('graph-legend')
      .locator('li')
      .evaluateAll((items) =>
        items.map((li) => [
          li.querySelector('.legend-name')?.textContent ?? '',
          getComputedStyle(li.querySelector('.swatch')!).backgroundColor,
        ]),
      );

  it('each entity type has its own colour, the same after a reload', async () => {
    const before = await legendColours();
    expect(new Set(before.map(([, c]) => c)).size).toBe(before.length);
    await page.reload();
    await page.getByTestId('nav-graph').click();
    await page.getByTestId('graph-legend').waitFor();
    const after = await legendColours();
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));
  });

  it('the entity list reaches every drawn node by keyboard and opens its panel', async () => {
    await page.getByTestId('entity-list-toggle').click();
    const list = page.getByTestId('entity-list');
    await list.getByRole('searchbox').fill('metformin');
    const item = list.getByRole('button').first();
    const name = (await item.locator('.entity-name').textContent())!;
    expect(name.toLowerCase()).toContain('metformin');
    await item.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('entity-panel').locator('.panel-title').textContent())
      .toBe(name);
    // The narrowest the toolbar gets: the list and the panel both open.
    await expectOneFilterRow();
  });

  it('a citation shows its quote, document and page on hover and on focus, without a click', async () => {
    const cite = page.getByTestId('entity-panel').getByTestId('citation').first();
    const hovered = page.getByTestId('citation-tip').first();
    await cite.hover();
    await expect.poll(() => hovered.isVisible()).toBe(true);
    expect(await hovered.locator('q').textContent()).toMatch(/\w{3,}/);
    expect(await hovered.textContent()).toMatch(/page \d+/);
    await page.mouse.move(0, 0);
    await expect.poll(() => hovered.isVisible()).toBe(false);
    await cite.focus();
    const tip = page.getByTestId('citation-tip').first();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toMatch(/page \d+/);
    await screenshot(page, 'graph-citation-tip-light');
    await page.keyboard.press('Escape');
  });

  it('a citation opens the source as a dialog: focus stays inside, Esc from anywhere, focus back on the chip', async () => {
    const cite = page.getByTestId('entity-panel').getByTestId('citation').first();
    await cite.click();
    const viewer = page.getByRole('dialog', { name: /^Source:/ });
    await viewer.waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await viewer.evaluate((v) => v.contains(document.activeElement))).toBe(true);
    }
    // Focus deliberately moved out of the viewer (a click on the page body): Esc still closes it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('citation');
  });

  it('exports the graph as GraphML that graphology parses to the subgraph counts', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    expect(await reachable(page.getByRole('button', { name: /GraphML/ }))).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /GraphML/ }).click(),
    ]);
    const file = await download.path();
    const g = parseGraphml(Graph, fs.readFileSync(file, 'utf8'));
    const drawn = Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes'));
    expect(g.order).toBe(drawn);
    expect(g.size).toBeGreaterThan(0);
  });

  it('an answer shows each source with its quote and exports as Markdown with a BibTeX bibliography', async () => {
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('chat-input').fill('What does metformin suppress?');
    await page.keyboard.press('Control+Enter');
    const turn = page.getByTestId('chat-turn').last();
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await turn.locator('.source-quote').first().textContent()).toMatch(/^“.+”$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      turn.getByTestId('export-answer').click(),
    ]);
    const md = fs.readFileSync(await download.path(), 'utf8');
    expect(md).toMatch(/^## What does metformin suppress\?/);
    expect(md).toMatch(/\[@[a-z]+\d{4}/);
    expect(md).toMatch(/```bibtex\n@(?:article|misc)\{/);
  });

  it('communities beyond the ten largest are one grey "other" entry in the legend, with counts', async () => {
    await page.getByTestId('nav-graph').click();
    // 25 communities of 25, 24, … 1 entities: more than the eye separates by colour.
    const sizes = Array.from({ length: 25 }, (_, i) => 25 - i);
    const nodes = sizes.flatMap((n, c) =>
      Array.from({ length: n }, (_, k) => ({
        id: `e${c}-${k}`,
        name: `entity ${c}-${k}`,
        type: 'protein',
        description: '',
        aliases: [],
        evidenceCount: 1,
        communityId: `c${c}`,
        degree: 1,
      })),
    );
    // The explorer's test hook (GraphView.tsx) draws a given subgraph without a backend.
    type Hook = { __ariadneExplorer: { load(sg: unknown, lod: number): void } };
    await page.evaluate((sg) => (window as unknown as Hook).__ariadneExplorer.load(sg, 2000), {
      nodes,
      edges: [],
      totalEntities: nodes.length,
      truncated: false,
    });
    await page.getByRole('combobox').filter({ hasText: 'by type' }).selectOption('community');
    const legend = page.getByTestId('graph-legend');
    await expect.poll(() => legend.locator('li').count()).toBe(11);
    const entries = await legendColours();
    expect(entries.slice(0, 10).map(([name]) => name)).toEqual(
      // Each named after its two best-connected members (ties by name), as the filter names it too.
      sizes.slice(0, 10).map((_, i) => `entity ${i}-0 · entity ${i}-1`),
    );
    expect(new Set(entries.slice(0, 10).map(([, c]) => c)).size).toBe(10);
    // Grey, as dark as 3:1 against the canvas needs.
    expect(entries[10]![0]).toBe('Other (15 smaller communities)');
    expect(entries[10]![1]).toMatch(/^rgb\((\d+), \1, \1\)$/);
    const counts = (await legend.locator('li > .muted').allTextContents()).map(Number);
    expect(counts).toEqual([...sizes.slice(0, 10), sizes.slice(10).reduce((x, y) => x + y, 0)]);
    expect(Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes'))).toBe(nodes.length);
    await screenshot(page, 'workbench-graph-communities-other-light');
    await page.getByRole('combobox').filter({ hasText: 'by community' }).selectOption('type');
  });

  /** Waits for the force layout to stop, so a screenshot shows the settled picture. */
  const layoutIdle = () =>
    expect
      .poll(() => page.getByTestId('graph-canvas').getAttribute('data-layout'), { timeout: 45_000 })
      .toBe('idle');
  const nav = (screen: 'library' | 'graph' | 'chat' | 'settings') =>
    page.getByTestId(`nav-${screen}`).click();

  /**
   * Every screen and every overlay a reader meets, in order: each step starts from where the one before
   * left the page. A screenshot of each, and axe-core on each.
   */
  const screens: [string, () => Promise<void>][] = [
    ['library', () => nav('library')],
    [
      'library-selection',
      async () => {
        await page.getByRole('checkbox', { name: 'Select all shown documents' }).check();
        await page.getByTestId('bulk-bar').waitFor();
      },
    ],
    [
      'library-zotero-dialog',
      async () => {
        await page.getByRole('button', { name: 'Clear selection' }).click();
        await page.getByRole('button', { name: 'Import from Zotero…' }).click();
        await page.getByRole('dialog', { name: 'Import from Zotero' }).waitFor();
      },
    ],
    [
      'graph',
      async () => {
        await page.keyboard.press('Escape');
        await nav('graph');
        await page.getByTestId('graph-legend').waitFor();
        await layoutIdle();
      },
    ],
    [
      'graph-export-menu',
      async () => {
        await page.getByRole('button', { name: /^Export/ }).click();
        await page.getByRole('group', { name: 'Export the graph' }).waitFor();
      },
    ],
    [
      'graph-entity-citation-tip',
      async () => {
        await page.keyboard.press('Escape');
        await page.getByTestId('entity-list-toggle').click();
        const list = page.getByTestId('entity-list');
        await list.getByRole('searchbox').fill('metformin');
        await list.getByRole('button').first().click();
        await page.getByTestId('entity-panel').getByTestId('citation').first().focus();
        await layoutIdle();
      },
    ],
    [
      'pdf-viewer',
      async () => {
        await page.getByTestId('entity-panel').getByTestId('citation').first().click();
        await page.getByRole('dialog', { name: /^Source:/ }).waitFor();
        await expect
          .poll(() => page.locator('.passage-mark, .textLayer .hl').count(), { timeout: 20_000 })
          .toBeGreaterThan(0);
      },
    ],
    [
      'graph-search',
      async () => {
        await page.keyboard.press('Escape');
        await page.getByTestId('graph-search').fill('metformin');
        await page.keyboard.press('Enter');
        await page.getByTestId('path').first().waitFor();
        await layoutIdle();
      },
    ],
    [
      'graph-review',
      async () => {
        await page.getByRole('button', { name: 'Review duplicates' }).click();
        await page.getByTestId('merge-review').waitFor();
      },
    ],
    [
      'graph-communities',
      async () => {
        await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('communities');
        await expect.poll(() => page.getByTestId('graph-caption').textContent()).toMatch(/communities/);
        await layoutIdle();
      },
    ],
    [
      'chat-answer',
      async () => {
        await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('2000');
        await nav('chat');
        await page.getByTestId('chat-input').fill('What does metformin activate?');
        await page.keyboard.press('Control+Enter');
        const turn = page.getByTestId('chat-turn').last();
        await expect.poll(() => turn.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
      },
    ],
    ['settings', () => nav('settings')],
  ];

  for (const theme of ['light', 'dark'] as const) {
    it(`axe-core finds nothing serious or critical on any screen (${theme})`, async () => {
      await applyTheme(page, theme);
      const found: string[] = [];
      for (const [name, go] of screens) {
        await go();
        await page.waitForTimeout(300);
        await screenshot(page, `workbench-${name}-${theme}`);
        found.push(...(await axeProblems(page)).map((p) => `${name}: ${p}`));
      }
      expect(found).toEqual([]);
    });
  }

  it('nothing went wrong in the page', () => {
    expect(problems()).toEqual([]);
  });
});

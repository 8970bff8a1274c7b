import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasSnapshot } from '../../src-renderer/features/graph/canvas-inspection';
import type { Box } from '../../src-renderer/features/graph/label-placement';
import { fixtureLibrary } from '../helpers/fixture-library';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { applyTheme, screenshot, SHOTS, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Drawn labels whose boxes intersect another label or another node's disc, by name: empty when the
 * collision pass did its job. The selected node's label is exempt from discs (it is always drawn).
 */
function collisions(s: CanvasSnapshot, selected?: string): string[] {
  const out: string[] = [];
  s.labels.forEach((a, i) =>
    s.labels.slice(i + 1).forEach((b) => overlap(a, b) && out.push(`${a.label} × ${b.label}`)),
  );
  for (const l of s.labels)
    if (l.key !== selected)
      for (const n of s.nodes)
        if (
          n.key !== l.key &&
          overlap(l, { x: n.x - n.size, y: n.y - n.size, width: 2 * n.size, height: 2 * n.size })
        )
          out.push(`${l.label} × node ${n.key}`);
  return out;
}

/** Drawn nodes (disc included) and labels that reach past the canvas edge. */
function outside(s: CanvasSnapshot): string[] {
  const off = (x: number, y: number, w: number, h: number) =>
    x < 0 || y < 0 || x + w > s.width || y + h > s.height;
  return [
    ...s.nodes
      .filter((n) => off(n.x - n.size, n.y - n.size, 2 * n.size, 2 * n.size))
      .map((n) => `node ${n.key}`),
    ...s.labels.filter((l) => off(l.x, l.y, l.width, l.height)).map((l) => `label ${l.label}`),
  ];
}

/**
 * The explorer's canvas on a library of two generated papers read by the built-in engine. Sigma draws on
 * canvases, so these tests read what it drew through the page's inspection hook (window.__ariadneCanvas):
 * the label boxes placed on the last frame and every node's position on screen.
 */
describe.skipIf(!!missing)('a legible graph', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let problems: () => string[];

  const snapshot = () => page.evaluate(() => window.__ariadneCanvas!.snapshot());
  /** Waits until the layout worker has stopped and the camera stands still, then reads the canvas. */
  async function settled(): Promise<CanvasSnapshot> {
    const canvas = page.getByTestId('graph-canvas');
    await expect.poll(() => canvas.getAttribute('data-layout'), { timeout: 45_000 }).toBe('idle');
    await expect.poll(async () => (await snapshot()).moving).toBe(false);
    // One more frame, so the labels read are those of the final camera.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return snapshot();
  }
  /** One wheel notch over the canvas centre, as a user zooms: negative `dy` zooms in. */
  async function wheel(dy: number, times: number): Promise<CanvasSnapshot> {
    const box = (await page.getByTestId('graph-canvas').boundingBox())!;
    for (let i = 0; i < times; i++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, dy);
      // Off the canvas again: a hovered node would fade all but its neighbours and hide their labels.
      await page.mouse.move(box.x - 20, box.y - 20);
      await settled();
    }
    return settled();
  }
  /** The legend's box in canvas coordinates: labels must not run under it. */
  async function legendBox(): Promise<Box> {
    const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
    const legend = (await page.getByTestId('graph-legend').boundingBox())!;
    return { x: legend.x - canvas.x, y: legend.y - canvas.y, width: legend.width, height: legend.height };
  }

  /** Nodes (disc included) and labels the legend hides. */
  async function underLegend(s: CanvasSnapshot): Promise<string[]> {
    const legend = await legendBox();
    return [
      ...s.nodes
        .filter((n) =>
          overlap({ x: n.x - n.size, y: n.y - n.size, width: 2 * n.size, height: 2 * n.size }, legend),
        )
        .map((n) => `node ${n.key}`),
      ...s.labels.filter((l) => overlap(l, legend)).map((l) => `label ${l.label}`),
    ];
  }

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    serve = await startServe({ dataDir: await fixtureLibrary('ariadne-legible-') });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    problems = watchPageProblems(page);
    await page.goto(serve.url);
    await applyTheme(page, 'light');
    await page.getByTestId('nav-graph').click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="graph-canvas"]')?.getAttribute('data-nodes')) > 0,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('labels never overlap, stay on the canvas and off the legend, and zooming in shows more of them', async () => {
    const fitted = await settled();
    expect(fitted.labels.length).toBeGreaterThan(0);
    expect(collisions(fitted)).toEqual([]);
    expect(outside(fitted)).toEqual([]);
    expect(await underLegend(fitted)).toEqual([]);

    // Labels on screen per node on screen: the share of nodes that are named.
    const share = (s: CanvasSnapshot) =>
      s.labels.length /
      s.nodes.filter((n) => n.x >= 0 && n.x <= s.width && n.y >= 0 && n.y <= s.height).length;

    // Zoomed out, nodes shrink below the label size threshold and crowd the grid's cells: fewer names.
    const zoomedOut = await wheel(+100, 1);
    expect(zoomedOut.camera.ratio).toBeGreaterThan(fitted.camera.ratio * 1.5);
    expect(collisions(zoomedOut)).toEqual([]);
    expect(zoomedOut.labels.length).toBeLessThan(fitted.labels.length);
    expect(share(zoomedOut)).toBeLessThan(share(fitted));
    await screenshot(page, 'graph-labels-zoomed-out-light');

    // Zoomed in past the fitted view: nodes spread apart and more of those on screen are named.
    const zoomedIn = await wheel(-100, 2);
    expect(zoomedIn.camera.ratio).toBeLessThan(fitted.camera.ratio / 1.5);
    expect(collisions(zoomedIn)).toEqual([]);
    expect(zoomedIn.labels.length).toBeGreaterThan(zoomedOut.labels.length);
    expect(share(zoomedIn)).toBeGreaterThan(share(fitted));
    const before = new Set(zoomedOut.labels.map((l) => l.key));
    expect(zoomedIn.labels.filter((l) => !before.has(l.key)).length).toBeGreaterThan(0);
    await screenshot(page, 'graph-labels-zoomed-in-light');
  });

  it('opening the side panel narrows the canvas and refits the camera: every node and label in view, clear of the legend', async () => {
    // Zoomed in, part of the graph is off screen; the refit must bring it back inside the narrower canvas.
    const zoomed = await settled();
    expect(zoomed.camera.ratio).toBeLessThan(1);
    expect(outside(zoomed).length).toBeGreaterThan(0);

    await page.getByTestId('entity-list-toggle').click();
    const list = page.getByTestId('entity-list');
    await list.getByRole('searchbox').fill('metformin');
    await list.getByRole('button').first().click();
    await page.getByTestId('entity-panel').waitFor();
    const narrowed = await settled();
    const stage = (await page.getByTestId('graph-canvas').boundingBox())!;
    expect(narrowed.width).toBe(Math.round(stage.width));
    expect(narrowed.width).toBeLessThan(zoomed.width - 400);
    // Refitted: zoomed back out from where the reader was, to the whole graph beside or below the legend.
    expect(narrowed.camera.ratio).toBeGreaterThanOrEqual(1);
    expect(outside(narrowed)).toEqual([]);
    expect(await underLegend(narrowed)).toEqual([]);
    // The selected entity's name is drawn whatever the grid and the collisions say.
    const selected = narrowed.labels.find((l) => /metformin/i.test(l.label));
    expect(selected).toBeDefined();
    expect(collisions(narrowed, selected!.key)).toEqual([]);
    await screenshot(page, 'graph-panel-refit-light');

    await page.getByRole('button', { name: 'Close the panel' }).click();
    // The canvas widens first (ResizeObserver), then the camera refits: wait for both, not for the first
    // still frame after the click (which can come before the resize).
    await expect.poll(async () => (await snapshot()).width).toBeGreaterThan(narrowed.width + 350);
    await expect.poll(async () => outside(await settled()), { timeout: 20_000 }).toEqual([]);
    const widened = await settled();
    expect(outside(widened)).toEqual([]);
    expect(await underLegend(widened)).toEqual([]);
    expect(collisions(widened, selected!.key)).toEqual([]);
  });

  it('the same holds in the dark theme', async () => {
    await applyTheme(page, 'dark');
    await page.getByTestId('nav-graph').click();
    await expect
      .poll(async () => Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes')))
      .toBeGreaterThan(0);
    const s = await settled();
    expect(s.labels.length).toBeGreaterThan(0);
    expect(collisions(s)).toEqual([]);
    expect(outside(s)).toEqual([]);
    expect(await underLegend(s)).toEqual([]);
    await screenshot(page, 'graph-labels-dark');
  });

  it('nothing went wrong in the page', () => {
    expect(problems()).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type {} from '../../src-renderer/features/graph/canvas-inspection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { PASTED_SCRIPT, writeScreenNotes, type ScreenNotes } from '../fixtures/screen-notes';
import { chromiumMissingReason } from '../helpers/browser';
import type { Sim } from '../sim/server';
import { openAppOnSim, type AppOnSim } from './app-on-sim';
import {
  docRow,
  fillLibraryInEveryState,
  HEALTHY,
  passagesOf,
  resumeAndSettle,
  type LibraryPlan,
} from './library-states';
import { applyTheme, dropFiles, screenshot, SHOTS } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/** Waits for the answer to finish; long enough for a slow machine, short enough to catch a hang. */
const ANSWER_TIMEOUT = { timeout: 45_000, interval: 200 };

/**
 * Every screen with real content, in both themes, against the built `ariadne serve` on a fresh library
 * (real Kùzu, LanceDB and pipeline) with the Ollama simulator as the only stand-in. Checks the UI's own
 * behaviour on what the product really produces: document states, streaming, stop, citations → PDF at the
 * page with the quote highlighted, raw HTML from a document shown as text, graph panels, shortcuts.
 */
describe.skipIf(!!missing)('every screen on a real library, the simulator as Ollama', () => {
  let sim: Sim;
  let app: AppOnSim;
  let page: Page;
  let fx: FixtureFiles;
  let notes: ScreenNotes;
  let plan: LibraryPlan;
  let problems: () => string[];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-screens-fx-')));
    notes = await writeScreenNotes(fx.dir);
    const paper = (name: string) => fx.papers.find((p) => p.file.endsWith(name))!.file;
    plan = {
      done: [paper('tp53-metformin.pdf'), paper('oea-akkermansia.pdf')],
      failing: fx.txt,
      reading: notes.labNotebook,
      queued: fx.md,
    };
    app = await openAppOnSim(HEALTHY);
    ({ sim, page, problems } = app);
  });
  afterAll(() => app?.close());

  it('the library fills with documents done, failed, being read and queued', async () => {
    await fillLibraryInEveryState(page, sim, plan);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`library: progress, errors with details, delete confirmation (${theme})`, async () => {
      await applyTheme(page, theme);
      await page.getByTestId('nav-library').click();
      await expect.poll(() => page.getByTestId('doc-row').count()).toBe(5);
      expect(await page.getByTestId('queue-bar').textContent()).toMatch(/Queue paused/);

      const reading = docRow(page, plan.reading);
      expect(await reading.getAttribute('data-status')).toBe('running');
      expect(Number(await reading.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      const [done, total] = (await passagesOf(reading)).match(/\d+/g)!.map(Number);
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(total!);
      // Whose reading it holds, said once: the progress line has the count, the reading line the model.
      expect(await reading.getByTestId('doc-reading').textContent()).toBe('Draft → refined by qwen2.5:7b');
      expect(await docRow(page, plan.done[0]!).getByTestId('doc-reading').textContent()).toBe(
        'Refined by qwen2.5:7b',
      );
      // The progress line's counts and times are never split inside ("passages / 1/5", "3 s / left").
      const counts = reading.getByTestId('doc-progress').locator('span', { hasText: /^passages |left$/ });
      expect(await counts.count()).toBeGreaterThan(0);
      for (const part of await counts.all()) {
        // A flex item is one box however its text wraps: count the lines of the text itself.
        const lines = await part.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        });
        expect(lines, (await part.textContent()) ?? '').toBe(1);
      }
      expect(await docRow(page, plan.queued).getByTestId('doc-status').textContent()).toMatch(/queued/i);

      const failed = docRow(page, plan.failing);
      expect(await failed.getByTestId('doc-error').textContent()).toMatch(/failed/);
      await failed.getByRole('button', { name: 'Details' }).click();
      const passageErrors = failed.locator('.chunk-errors li');
      await passageErrors.first().waitFor();
      for (const line of await passageErrors.allTextContents())
        expect(line).toMatch(/^Passage \d+, \w+, after \d+ attempts: \S/);
      await screenshot(page, `library-${theme}`);

      await docRow(page, plan.done[0]!).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `library-delete-${theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByTestId('doc-row').count()).toBe(5);
    });
  }

  it('resuming the queue finishes every document but the failed one', async () => {
    await resumeAndSettle(page, sim);
    expect(await docRow(page, plan.reading).getAttribute('data-status')).toBe('done');
    expect(await docRow(page, plan.queued).getAttribute('data-status')).toBe('done');
  });

  /** Sends a question from the composer; returns its turn. */
  async function send(question: string): Promise<Locator> {
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('chat-input').fill(question);
    await page.keyboard.press('Control+Enter');
    return page.getByTestId('chat-turn').filter({ hasText: question }).last();
  }

  /**
   * Tokens show up while the turn is still streaming (the sim's token latency makes that phase visible).
   * Checked inside the page every 10 ms: a poll from the test process could fall between two states.
   */
  async function expectStreaming(turn: Locator): Promise<void> {
    const handle = await turn.elementHandle();
    await page.waitForFunction(
      (t) => t?.getAttribute('data-status') === 'streaming' && !!t.querySelector('.markdown'),
      handle,
      { polling: 10, timeout: ANSWER_TIMEOUT.timeout },
    );
  }

  /** The page that the numbered source `n` of a turn names in its source list ("…, p. 2"). */
  const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  async function pageOfSource(turn: Locator, n: string): Promise<string> {
    const item = turn
      .locator('.source-item')
      .filter({ has: page.locator('.cite-chip', { hasText: new RegExp(`^${n}$`) }) });
    return /p\. (\d+)$/.exec((await item.locator('.source-title').textContent())!.trim())?.[1] ?? '1';
  }

  const questions = {
    light: 'How does metformin act on mTOR?',
    dark: 'What does OEA do to hepatic mTOR activity?',
  };
  for (const theme of ['light', 'dark'] as const) {
    it(`chat: streams, cites, opens the PDF at the page, expands the trace (${theme})`, async () => {
      await applyTheme(page, theme);
      sim.setFaults({ ...HEALTHY, default: { latencyMs: 5, tokenLatencyMs: 15 } });
      const turn = await send(questions[theme]);
      await expectStreaming(turn);
      await page.getByTestId('chat-stop').waitFor();
      await expect.poll(() => turn.getAttribute('data-status'), ANSWER_TIMEOUT).toBe('done');
      sim.setFaults(HEALTHY);
      await page.getByTestId('chat-send').waitFor();

      // The trace says in plain words how the answer was found; the developer's detail is one more toggle.
      await turn.getByTestId('trace-toggle').click();
      const steps = turn.getByTestId('trace').locator('li');
      const plain = await steps.count();
      expect(plain).toBeGreaterThan(0);
      expect(await turn.getByTestId('trace').locator('li.trace-detail').count()).toBe(0);
      await turn.getByTestId('trace-detail-toggle').click();
      await expect.poll(() => steps.count()).toBeGreaterThan(plain);
      await screenshot(page, `chat-${theme}`);

      // A citation of one of the PDF papers: the failing notes file is cited too, from its built-in draft
      // (progressive ingestion keeps a document's draft when the model's reading fails), and a text file
      // has no line geometry to mark.
      const pdfTitles = fx.papers.map((p) => p.paper.title.slice(0, 30));
      const pdfSource = turn
        .locator('.source-item')
        .filter({
          has: page.locator('.source-title', { hasText: new RegExp(pdfTitles.map(escapeRe).join('|')) }),
        })
        .first();
      const n = (await pdfSource.locator('.cite-chip').first().textContent())!.trim();
      const chip = turn.locator(`.markdown .cite-chip[data-cite="${n}"]`).first();
      const cited = await pageOfSource(turn, n);
      await chip.click();
      const viewer = page.getByTestId('pdf-viewer');
      await expect.poll(() => viewer.getAttribute('data-page')).toBe(cited);
      await page.getByTestId('source-quote').waitFor();
      // The quote is marked from the PDF's line geometry (the text-layer word match is only the fallback).
      await expect.poll(() => page.locator('.passage-mark').count(), ANSWER_TIMEOUT).toBeGreaterThan(0);
      await screenshot(page, `pdf-viewer-${theme}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);
    });
  }

  it('chat: markup pasted into a document is quoted as text, never parsed', async () => {
    await dropFiles(page, [notes.benchNotes]);
    await expect
      .poll(() => docRow(page, notes.benchNotes).getAttribute('data-status'), ANSWER_TIMEOUT)
      .toBe('done');
    const added = page.getByTestId('toasts').locator('.toast', { hasText: '1 document added' });
    await added.getByRole('button', { name: 'Dismiss' }).click(); // no toast in the graph screenshots
    const turn = await send('How long do rapamycin stock solutions stay stable?');
    await expect.poll(() => turn.getAttribute('data-status'), ANSWER_TIMEOUT).toBe('done');
    const answer = turn.locator('.markdown');
    expect(await answer.textContent()).toContain(PASTED_SCRIPT);
    expect(await answer.locator('script, img').count()).toBe(0);
    // An alert() that did run would be caught by watchPageProblems, checked in the last test.
  });

  it('chat: stop mid-stream keeps the partial answer and marks it stopped', async () => {
    sim.setFaults({ ...HEALTHY, default: { latencyMs: 5, tokenLatencyMs: 100 } });
    const turn = await send('What does metformin activate?');
    await expectStreaming(turn);
    const partial = (await turn.locator('.markdown').textContent())!;
    await page.getByTestId('chat-stop').click();
    await expect.poll(() => turn.getAttribute('data-status')).toBe('stopped');
    await turn.getByTestId('turn-stopped').waitFor();
    expect((await turn.locator('.markdown').textContent())!.length).toBeGreaterThanOrEqual(partial.length);
    await page.getByTestId('chat-send').waitFor();
    sim.setFaults(HEALTHY);
  });

  /**
   * The force layout runs in a worker after every change of view, and the camera refits when a panel opens
   * (edges are hidden while it moves): screenshots wait for both to stop.
   */
  const layoutSettled = async () => {
    await expect
      .poll(() => page.getByTestId('graph-canvas').getAttribute('data-layout'), ANSWER_TIMEOUT)
      .toBe('idle');
    await expect.poll(() => page.evaluate(() => window.__ariadneCanvas?.snapshot().moving)).toBe(false);
  };

  it('graph: renders, searches with Ctrl+K, shows paths with citations, opens panels', async () => {
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('graph-search');
    const canvas = page.getByTestId('graph-canvas');
    await expect.poll(async () => Number(await canvas.getAttribute('data-nodes'))).toBeGreaterThan(0);
    const entities = Number(await canvas.getAttribute('data-nodes'));
    await page.keyboard.type('metformin');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('path').count(), ANSWER_TIMEOUT).toBeGreaterThan(0);
    expect(await page.getByTestId('path').first().getByTestId('citation').count()).toBeGreaterThan(0);
    await layoutSettled();
    // Every hop of the first path is named on the canvas, however crowded its neighbourhood, once the camera
    // has flown to the result (labels are hidden while it moves).
    const hops = await page.getByTestId('path').first().locator('.path-chain button').allTextContents();
    const unnamed = async () => {
      const named = await page.evaluate(() => window.__ariadneCanvas?.snapshot().labels.map((l) => l.label));
      return hops.filter((h) => !named?.includes(h));
    };
    await expect.poll(unnamed, { timeout: 10_000 }).toEqual([]);
    await screenshot(page, 'graph-search-dark');

    const citation = page.getByTestId('citation').first();
    const cited = /p\. (\d+)/.exec((await citation.textContent()) ?? '')?.[1] ?? '1';
    await citation.click();
    await expect.poll(() => page.getByTestId('pdf-viewer').getAttribute('data-page')).toBe(cited);
    await page.keyboard.press('Escape');

    const hop = page.getByTestId('path').first().locator('.path-chain button').last();
    const name = (await hop.textContent())!;
    await hop.click();
    const panel = page.getByTestId('entity-panel');
    await panel.waitFor();
    expect(await panel.locator('.panel-title').textContent()).toBe(name);
    await screenshot(page, 'graph-entity-dark');

    await page.getByRole('button', { name: 'Review duplicates' }).click();
    const review = page.getByTestId('merge-review');
    await expect.poll(() => review.locator('.merge-group, p.muted:not(.small)').count()).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('communities');
    await expect.poll(() => page.getByTestId('graph-caption').textContent()).toMatch(/communities/);
    const communities = Number(await canvas.getAttribute('data-nodes'));
    expect(communities).toBeGreaterThan(0);
    expect(communities).toBeLessThan(entities);
    await layoutSettled();
    await screenshot(page, 'graph-review-communities-dark');
  });

  it('settings and the light-theme graph', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('connection-result');
    await result.waitFor();
    expect(await result.getAttribute('class')).toMatch(/\bok\b/);
    await screenshot(page, 'settings-dark', true);
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await screenshot(page, 'settings-light', true);
    await page.getByTestId('nav-graph').click();
    await page.getByRole('combobox', { name: 'Level of detail' }).selectOption('2000');
    await expect.poll(() => page.getByTestId('graph-caption').textContent()).toMatch(/entities/);
    await layoutSettled();
    await screenshot(page, 'graph-light');
    expect(problems()).toEqual([]);
  });
});

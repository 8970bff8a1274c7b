import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Sim } from '../sim/server';
import { dropFiles } from './page-actions';

export interface LibraryPlan {
  /** Read with a healthy simulator. */
  done: string[];
  /** Read while every model reply is unreadable: its passages run out of retries. */
  failing: string;
  /** Read on a slow simulator, then caught mid-way by pausing the queue. */
  reading: string;
  /** Dropped while the queue is paused. */
  queued: string;
}

/** The simulator's reply latency while a document is caught mid-way: slow enough to pause between passages. */
export const SLOW_MS = 800;
export const HEALTHY = { seed: 7, default: { latencyMs: 5 } };

/** A document's row, by its file name as a whole item of its title or meta line (not "bench-notes.md"). */
export function docRow(page: Page, file: string): Locator {
  const name = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const meta = page.locator('.doc-title, .doc-meta', { hasText: new RegExp(`(^|· )${name}( ·|$)`) });
  return page.getByTestId('doc-row').filter({ has: meta });
}

/** "passages 2/3" (", 1 failed" when some failed): the progress line's passage count alone. */
export async function passagesOf(row: Locator): Promise<string> {
  const count = row.getByTestId('doc-progress').locator('span', { hasText: /^passages / });
  return (await count.count()) ? ((await count.textContent()) ?? '') : '';
}

const statusOf = (page: Page, file: string) => () => docRow(page, file).getAttribute('data-status');

/**
 * Fills the library through the UI so that every document state is on screen at once, each produced by
 * the real pipeline: done, failed (simulator faults), reading (slow simulator, queue paused mid-document
 * with the Pause button) and queued (dropped while paused). Leaves the queue paused and the sim slow.
 */
export async function fillLibraryInEveryState(page: Page, sim: Sim, plan: LibraryPlan): Promise<void> {
  const slow = { timeout: 90_000, interval: 250 };
  await page.getByTestId('nav-library').click();
  await dropFiles(page, plan.done);
  for (const file of plan.done) await expect.poll(statusOf(page, file), slow).toBe('done');

  // `malformed` only: embeddings stay healthy, every chat reply (extraction, questions) is unreadable.
  sim.setFaults({ seed: 11, default: { rate: 1, kinds: { malformed: 1 } } });
  await dropFiles(page, [plan.failing]);
  await expect.poll(statusOf(page, plan.failing), slow).toMatch(/^(failed|partially_failed)$/);

  sim.setFaults({ seed: 7, default: { latencyMs: SLOW_MS } });
  await dropFiles(page, [plan.reading]);
  await expect.poll(() => passagesOf(docRow(page, plan.reading)), slow).toMatch(/^passages [1-9]/);
  await page.getByRole('button', { name: 'Pause queue' }).click();
  await page.getByRole('button', { name: 'Resume queue' }).waitFor();
  await dropFiles(page, [plan.queued]);
  await expect.poll(statusOf(page, plan.queued), slow).toBe('queued');
  // Pausing lets the calls in flight finish, and their passages get saved; then the document stands still.
  await expect.poll(() => sim.stats().inFlight, slow).toBe(0);
  const progress = () => passagesOf(docRow(page, plan.reading));
  const stillFor = async (ms: number) => {
    const before = await progress();
    await page.waitForTimeout(ms);
    return before === (await progress());
  };
  await expect.poll(() => stillFor(2 * SLOW_MS), { timeout: 30_000 }).toBe(true);
  expect(await stillFor(3 * SLOW_MS)).toBe(true);
  expect(sim.stats().inFlight).toBe(0);
  expect(await statusOf(page, plan.reading)()).toBe('running');
}

/** Resumes the queue on a healthy simulator and waits until nothing is queued or running. */
export async function resumeAndSettle(page: Page, sim: Sim): Promise<void> {
  sim.setFaults(HEALTHY);
  await page.getByTestId('nav-library').click();
  await page.getByRole('button', { name: 'Resume queue' }).click();
  const working = page.locator('[data-testid="doc-row"]:is([data-status="running"], [data-status="queued"])');
  await expect.poll(() => working.count(), { timeout: 90_000, interval: 250 }).toBe(0);
}

import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import type { SimFaults } from '../sim/faults';
import { startSim, type Sim } from '../sim/server';
import { watchPageProblems } from './page-actions';

/** The app as a user meets it with a model server, and what a test reads of each part. */
export interface AppOnSim {
  sim: Sim;
  serve: ServeProcess;
  browser: Browser;
  page: Page;
  /** Console errors, page errors and dialogs since the page opened (`watchPageProblems`). */
  problems: () => string[];
  /** Closes the browser, then `serve`, then the simulator. */
  close(): Promise<void>;
}

/**
 * The simulator as Ollama, the built `ariadne serve` on a fresh library using it, and a Chromium page open on
 * the app. What started is closed again when a later part fails to start.
 */
export async function openAppOnSim(
  faults: SimFaults,
  viewport = { width: 1440, height: 900 },
): Promise<AppOnSim> {
  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const sim = await startSim({ port: 0, faults });
    started.push(sim);
    const serve = await startServe({ globalArgs: ['--llm', 'ollama', '--ollama', sim.url] });
    started.push({ close: () => serve.stop() });
    const browser = await launchChromium();
    started.push(browser);
    const page = await browser.newPage({ viewport });
    const problems = watchPageProblems(page);
    await page.goto(serve.url);
    return { sim, serve, browser, page, problems, close };
  } catch (e) {
    await close();
    throw e;
  }
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SHOTS = path.resolve('test-results/screens');

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
};

/** Drops files on the window the way a user does: a drop event carrying File objects. */
export async function dropFiles(page: Page, files: string[]): Promise<void> {
  const payload = files.map((f) => ({
    name: path.basename(f),
    type: MIME[path.extname(f)] ?? 'application/octet-stream',
    b64: fs.readFileSync(f).toString('base64'),
  }));
  await page.evaluate((items) => {
    const dt = new DataTransfer();
    for (const { name, type, b64 } of items) {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bin], name, { type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop'])
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, payload);
}

/**
 * Console errors, uncaught page errors and alert() dialogs, for a final "nothing went wrong" check.
 * Headless WebGL through SwiftShader logs GPU warnings as errors; those are noise, not app faults.
 */
export function watchPageProblems(page: Page): () => string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return () => problems.filter((p) => !/WebGL|GPU|swiftshader/i.test(p));
}

/** The theme is a per-browser preference; a reload applies it as a returning user would see it. */
export async function applyTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('ariadne.theme', t), theme);
  await page.reload();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

const resolveModule = createRequire(import.meta.url).resolve;

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/** Serious and critical accessibility violations of what the page shows now, as axe-core reports them. */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: a script tag would (rightly) be refused by the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(fs.readFileSync(resolveModule('axe-core/axe.min.js'), 'utf8'));
  const r = (await page.evaluate(() =>
    (window as unknown as { axe: { run(o: object): Promise<unknown> } }).axe.run({
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.impact} ${v.id}: ${v.help} — ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`,
    );
}

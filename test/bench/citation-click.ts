/**
 * Citation click → highlighted passage, in Chromium against `ariadne serve` (built-in engine): ingests the
 * generated two-column provenance paper and the shared papers, searches a few terms, then clicks every
 * citation of the paths found, one after another, and times from the click to the first highlight on the
 * rendered page: a mark drawn from the line geometry with the page's text layer in place, or (documents
 * without geometry) a highlighted text-layer span.
 * Prints p50/p95 for cold clicks (first of a document: its PDF is fetched and opened) and warm ones
 * (document cached), and how many highlights came from geometry. Target: warm p95 ≤ 500 ms. Timings on a
 * loaded machine run high.
 * Usage: `npm run build && nice -n 5 npx tsx test/bench/citation-click.ts`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFiles } from '../e2e/page-actions';
import { makeProvenancePaper } from '../fixtures/provenance-paper';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe } from '../helpers/serve-process';

const TERMS = ['metformin', 'S6K1', 'AMPK', 'heart failure', 'VESPA', 'thrombosis'];
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const repo = fileURLToPath(new URL('../..', import.meta.url));

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) return console.log(`SKIPPED: ${missing}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-cite-bench-'));
  const paper = path.join(dir, 'provenance-paper.pdf');
  fs.writeFileSync(paper, await makeProvenancePaper());
  const shared = path.join(repo, '../shared/data/pdfs');
  const files = [
    paper,
    ...(fs.existsSync(shared)
      ? fs
          .readdirSync(shared)
          .filter((f) => f.endsWith('.pdf'))
          .map((f) => path.join(shared, f))
      : []),
  ];
  const serve = await startServe();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(serve.url);
    await dropFiles(page, files);
    const rows = page.getByTestId('doc-row');
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      const st = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
      if (st.length === files.length && st.every((s) => s === 'done' || s === 'failed')) break;
      await page.waitForTimeout(500);
    }
    await page.getByTestId('nav-graph').click();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid=graph-canvas]')?.getAttribute('data-nodes')) > 0,
      undefined,
      { timeout: 30_000 },
    );
    const cold: number[] = [];
    const warm: number[] = [];
    let notLocated = 0;
    let fromGeometry = 0;
    const opened = new Set<string>();
    for (let round = 0; round < ROUNDS; round++)
      for (const term of TERMS) {
        await page.keyboard.press('Control+k');
        await page.keyboard.press('Control+a');
        await page.keyboard.type(term);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(1500);
        const n = await page.getByTestId('citation').count();
        for (let i = 0; i < Math.min(n, 6); i++) {
          const label = (await page.getByTestId('citation').nth(i).textContent()) ?? '';
          // Page code as a string: tsx would wrap named arrow functions in a helper the page lacks.
          const ms = await page.evaluate<number>(`new Promise((resolve) => {
            const btn = document.querySelectorAll('[data-testid=citation]')[${i}];
            const t0 = performance.now();
            btn.click();
            (function check() {
              // Marks are drawn as soon as the page's size is known; the clock stops once the page's text
              // layer is there too, so the highlight is timed on a rendered page, as with the word match.
              const lit = document.querySelector('.passage-mark') && document.querySelector('.textLayer span');
              if (lit || document.querySelector('.textLayer .hl')) resolve(performance.now() - t0);
              else if (performance.now() - t0 > 5000) resolve(-1);
              else requestAnimationFrame(check);
            })();
          })`);
          const doc = label.replace(/,.*$/, '');
          if (await page.locator('.passage-mark').count()) fromGeometry++;
          if (ms < 0) notLocated++;
          else (opened.has(doc) ? warm : cold).push(ms);
          opened.add(doc);
          await page.keyboard.press('Escape');
          await page.waitForTimeout(100);
        }
      }
    const f = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');
    console.log(`citation click → highlighted passage (${files.length} PDFs, ${ROUNDS} rounds)`);
    console.log(
      `cold (first open of a document): n=${cold.length} p50 ${f(pct(cold, 50))} p95 ${f(pct(cold, 95))}`,
    );
    console.log(
      `warm (document cached):          n=${warm.length} p50 ${f(pct(warm, 50))} p95 ${f(pct(warm, 95))}`,
    );
    console.log(`not highlighted within 5 s: ${notLocated}`);
    console.log(`highlighted from line geometry: ${fromGeometry} of ${cold.length + warm.length}`);
  } finally {
    await browser.close();
    await serve.stop();
  }
}

await main();
process.exit(0);

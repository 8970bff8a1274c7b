import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures, type FixtureFiles } from '../fixtures/make-fixtures';
import { makeZoteroLibrary, type ZoteroFixtureItem } from '../fixtures/make-zotero';
import { chromiumMissingReason, launchChromium } from '../helpers/browser';
import { startServe, type ServeProcess } from '../helpers/serve-process';
import { applyTheme, dropFiles, screenshot, SHOTS, watchPageProblems } from './page-actions';

const missing = chromiumMissingReason();
if (missing && process.env.CI) throw new Error(missing);

/** Rows of a CSV as the exports write it (CRLF, quoted fields with doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const text = async (d: Download) => fs.readFileSync((await d.path())!, 'utf8');

/**
 * The library's way in from Zotero and the ways out, through the UI against `ariadne serve` with the
 * built-in engine: a generated Zotero data folder imported from its path (metadata and item keys kept, a
 * second import adds nothing), BibTeX and evidence CSV of selected documents, the graph as CSV, and the
 * explanation a document with entities but no relationships gets.
 */
describe.skipIf(!!missing)('Zotero in, BibTeX and CSV out, from the UI', () => {
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  let fx: FixtureFiles;
  let zotero: string;
  let problems: () => string[];
  const rows = () => page.getByTestId('doc-row');

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fx = await makeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-zotero-e2e-fx-')));
    // Zotero's titles differ from what the PDFs print, so the rows show which metadata won.
    const items: ZoteroFixtureItem[] = [
      {
        key: 'ABCD2345',
        title: 'OEA and the gut microbiome (as catalogued in Zotero)',
        authors: [
          ['Amara', 'Okafor'],
          ['Lukas', 'Brenner'],
        ],
        date: '2022-05-00 May 2022',
        doi: '10.5555/zotero.1',
        tags: ['obesity'],
        collections: ['Gut–brain axis'],
        pdf: fx.papers[0]!.file,
      },
      {
        key: 'EFGH6789',
        title: 'Metformin in TP53 mutant cancer (Zotero)',
        authors: [['Linh', 'Nguyen']],
        date: '2019',
        tags: [],
        collections: ['Oncology'],
        pdf: fx.papers[1]!.file,
      },
      {
        key: 'JKLM2345',
        title: 'A book without a PDF',
        authors: [],
        date: '2001',
        tags: [],
        collections: [],
      },
    ];
    zotero = await makeZoteroLibrary(fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-zotero-e2e-')), items);
    serve = await startServe();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    problems = watchPageProblems(page);
    await page.goto(serve.url);
  });
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  async function importZotero(): Promise<string> {
    await page.getByRole('button', { name: 'Import from Zotero…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Zotero' });
    await dialog.getByTestId('zotero-source').fill(zotero);
    await dialog.getByRole('button', { name: /^Import/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const toast = page
      .getByTestId('toasts')
      .locator('.toast', { hasText: /^Zotero:/ })
      .last();
    const said = (await toast.locator('span').first().textContent())!;
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    return said;
  }

  it('imports a Zotero data folder from its path: Zotero’s metadata in the table; a second import adds nothing', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await applyTheme(page, theme);
      await page.getByRole('button', { name: 'Import from Zotero…' }).click();
      await page.getByRole('dialog', { name: 'Import from Zotero' }).waitFor();
      await screenshot(page, `library-zotero-dialog-${theme}`);
      await page.keyboard.press('Escape');
    }
    await applyTheme(page, 'light');
    expect(await importZotero()).toMatch(/^Zotero: 2 added, 1 without a PDF\.$/);
    await expect.poll(() => rows().count()).toBe(2);
    await expect
      .poll(() => page.locator('[data-testid="doc-row"][data-status="done"]').count(), { timeout: 120_000 })
      .toBe(2);
    const row = rows().filter({ hasText: 'as catalogued in Zotero' });
    // The table refreshes on library events: poll until the row shows Zotero's record.
    await expect
      .poll(() => row.locator('td').allTextContents())
      .toEqual(expect.arrayContaining(['Okafor', '2022', '10.5555/zotero.1']));

    expect(await importZotero()).toMatch(/^Zotero: 0 added, 2 already imported, 1 without a PDF\.$/);
    expect(await rows().count()).toBe(2);
  });

  it('exports the selected documents as BibTeX with the Zotero metadata, and their evidence as CSV', async () => {
    await page.getByRole('checkbox', { name: 'Select all shown documents' }).check();
    const bar = page.getByTestId('bulk-bar');
    await screenshot(page, 'library-selection-light');
    const [bib] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export BibTeX' }).click(),
    ]);
    const entries = parseBibtex(await text(bib), { sentenceCase: false }).entries;
    expect(entries).toHaveLength(2);
    const oea = entries.find((e) => String(e.fields.title).includes('catalogued in Zotero'))!;
    expect(String(oea.fields.doi)).toBe('10.5555/zotero.1');
    expect(String(oea.fields.year)).toBe('2022');

    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await bar.getByRole('button', { name: 'Export evidence (CSV)' }).click();
    await expect.poll(() => downloads.length).toBe(2);
    for (const d of downloads) {
      const [header, ...body] = csvRows(await text(d));
      expect(header).toEqual(expect.arrayContaining(['page', 'quote']));
      expect(body.length).toBeGreaterThan(0);
      const page_ = header!.indexOf('page');
      for (const r of body) expect(Number(r[page_])).toBeGreaterThan(0);
    }
    await bar.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('exports the graph as entity and relationship CSV matching the drawn graph', async () => {
    await page.getByTestId('nav-graph').click();
    const canvas = page.getByTestId('graph-canvas');
    await expect.poll(async () => Number(await canvas.getAttribute('data-nodes'))).toBeGreaterThan(0);
    const drawn = Number(await canvas.getAttribute('data-nodes'));
    const exportAs = async (name: RegExp) => {
      // The menu stays open after an export, for the next format.
      const menu = page.getByRole('button', { name: /^Export/ });
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return csvRows(await text(d));
    };
    const [nodeHeader, ...nodes] = await exportAs(/^Entities as CSV/);
    expect(nodeHeader).toEqual(expect.arrayContaining(['name', 'type']));
    expect(nodes).toHaveLength(drawn);
    const [edgeHeader, ...edges] = await exportAs(/^Relationships with evidence as CSV/);
    expect(edgeHeader).toEqual(expect.arrayContaining(['source', 'target', 'quote', 'page']));
    expect(edges.length).toBeGreaterThan(0);
    const quote = edgeHeader!.indexOf('quote');
    for (const e of edges) expect(e[quote]!.length).toBeGreaterThan(0);
  });

  it('a document whose sentences never name two entities together says why it has no relationships; the toast covers no row button', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-lonely-'));
    const file = path.join(dir, 'lonely-entities.md');
    fs.writeFileSync(
      file,
      '# Bench notes\n\nMetformin was dissolved in water.\n\nThe plates were read the next morning.\n\n' +
        'Rapamycin was stored at four degrees.\n',
    );
    await page.getByTestId('nav-library').click();
    await dropFiles(page, [file]);
    const row = rows().filter({ hasText: 'lonely-entities.md' });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    // The import's toast, stacked with the earlier ones, leaves every row's buttons uncovered.
    await page.getByTestId('toasts').locator('.toast', { hasText: '1 document added' }).waitFor();
    const toasts = await Promise.all(
      (await page.getByTestId('toasts').locator('.toast').all()).map(async (t) => (await t.boundingBox())!),
    );
    const buttons = await page.locator('.doc-actions button').all();
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) {
      const r = (await b.boundingBox())!;
      const under = toasts.filter(
        (t) => r.x < t.x + t.width && t.x < r.x + r.width && r.y < t.y + t.height && t.y < r.y + r.height,
      );
      expect(under, `a toast over “${await b.textContent()}”`).toEqual([]);
    }
    const why = row.getByTestId('no-relationships');
    expect(await why.textContent()).toMatch(/No relationships: no sentence names two of its \d+ entit/);
    await screenshot(page, 'library-no-relationships-light');
  });

  it('nothing went wrong in the page', () => {
    expect(problems()).toEqual([]);
  });
});

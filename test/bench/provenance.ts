/**
 * Provenance audit: ingests a folder of PDFs with the built-in provider, collects every evidence quote and
 * the citations of a fixed list of questions in every QA mode, and checks each against poppler's
 * `pdftotext` text of the cited page(s). Prints quotes checked, on the cited page, on another page, not found,
 * and the quotes that start mid-word, end inside a number, splice two places (columns, cells) or come from a
 * caption or an affiliation. Target: 100% on the cited page, 0 not found, 0 mid-word, 0 captions/affiliations.
 * Usage: `nice -n 5 npx tsx test/bench/provenance.ts [folder…]` (default: ../shared/data/pdfs and the
 * generated fixture papers). `VERBOSE=1` lists every failing quote.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QaMode } from '../../src-main/contract/qa';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { makeFixtures } from '../fixtures/make-fixtures';
import { ctx, ingestAll, openCore } from '../integration/ingest/harness';
import { checkQuote, matchKey, pdftotextPages, type QuoteVerdict } from '../helpers/page-check';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const QUESTIONS = [
  'What are the main findings?',
  'Which methods were used?',
  'What is the risk of deep vein thrombosis after trauma?',
  'What do heart failure disease management programmes improve?',
  'What does VESPA automate?',
  'How does oleoylethanolamide affect Akkermansia?',
  'How does metformin act on TP53?',
];
const MODES: Exclude<QaMode, 'auto'>[] = ['local', 'global', 'naive', 'agentic'];

interface Quote {
  kind: 'evidence' | 'answer';
  docId: string;
  quote: string;
  pages: number[];
}

async function folders(): Promise<{ name: string; files: string[] }[]> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ariadne-provenance-'));
  const pdfsIn = (dir: string) =>
    readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith('.pdf'))
      .sort()
      .map((f) => path.join(dir, f));
  if (process.argv.length > 2) return process.argv.slice(2).map((d) => ({ name: d, files: pdfsIn(d) }));
  const out: { name: string; files: string[] }[] = [];
  const shared = path.join(repo, '../shared/data/pdfs');
  if (existsSync(shared)) out.push({ name: 'shared papers', files: pdfsIn(shared) });
  else console.log(`(${shared} absent)`);
  const fx = await makeFixtures(path.join(tmp, 'fixtures'));
  out.push({ name: 'fixture papers', files: fx.papers.map((p) => p.file) });
  return out;
}

async function audit(name: string, files: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ariadne-provenance-lib-'));
  const core = await openCore(dataDir, createBuiltinProvider());
  const quotes: Quote[] = [];
  const fileOf = new Map<string, string>();
  try {
    const { jobs } = await ingestAll(core, files);
    const failed = jobs.filter((j) => j.status !== 'done');
    if (failed.length)
      console.log(`  ${failed.length} document(s) did not finish: ${failed.map((j) => j.status).join(', ')}`);
    const graph = core.stores.graph;
    for (const d of await graph.listDocuments()) fileOf.set(d.id, d.originalPath);
    const seen = new Set<string>();
    const entities = (await graph.listIds('entities')).sort().map((id) => ({ id }));
    for (const e of entities) {
      const detail = await core.handlers['graph:entity']({ entityId: String(e.id) }, ctx());
      for (const ev of detail.evidence) {
        const c = ev.citation;
        const k = `${c.documentId}\u0000${c.quote}`;
        if (seen.has(k) || c.page === null) continue;
        seen.add(k);
        quotes.push({ kind: 'evidence', docId: c.documentId, quote: c.quote, pages: c.pages ?? [c.page] });
      }
    }
    for (const question of QUESTIONS)
      for (const mode of MODES) {
        const a = await core.handlers['qa:ask']({ question, mode }, ctx());
        for (const c of a.citations)
          if (c.page !== null && c.supported)
            quotes.push({ kind: 'answer', docId: c.documentId, quote: c.quote, pages: c.pages ?? [c.page] });
      }
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pagesOf = new Map<string, { pages: string[]; keys: string[] }>();
  const tally = {
    checked: 0,
    cited: 0,
    other: 0,
    missing: 0,
    midWord: 0,
    endsInNumber: 0,
    mixed: 0,
    caption: 0,
    affiliation: 0,
  };
  const bad: string[] = [];
  for (const q of quotes) {
    const file = fileOf.get(q.docId);
    if (!file) continue;
    let p = pagesOf.get(file);
    if (!p) {
      const pages = pdftotextPages(file);
      p = { pages, keys: pages.map(matchKey) };
      pagesOf.set(file, p);
    }
    const v: QuoteVerdict = checkQuote(q.quote, q.pages, p.pages, p.keys);
    tally.checked++;
    tally[v.where]++;
    for (const f of ['midWord', 'endsInNumber', 'mixed', 'caption', 'affiliation'] as const)
      if (v[f]) tally[f]++;
    if (v.where !== 'cited' || v.midWord || v.endsInNumber || v.mixed || v.caption || v.affiliation)
      bad.push(
        `  [${q.kind}] ${path.basename(file)} p.${q.pages.join('–')} ${v.where}${v.midWord ? ' mid-word' : ''}${v.endsInNumber ? ' ends-in-number' : ''}${v.mixed ? ' mixed' : ''}${v.caption ? ' caption' : ''}${v.affiliation ? ' affiliation' : ''}: "${q.quote.slice(0, 160)}"`,
      );
  }
  const pct = (n: number) => (tally.checked ? ((100 * n) / tally.checked).toFixed(1) : '0.0');
  const ev = quotes.filter((q) => q.kind === 'evidence').length;
  console.log(
    `\n## ${name}: ${files.length} PDFs, ${ev} evidence quotes, ${quotes.length - ev} answer citations`,
  );
  console.log(`quotes checked        ${tally.checked}`);
  console.log(`on the cited page     ${tally.cited} (${pct(tally.cited)}%)`);
  console.log(`on another page       ${tally.other}`);
  console.log(`not found             ${tally.missing}`);
  console.log(`start mid-word        ${tally.midWord}`);
  console.log(`end inside a number   ${tally.endsInNumber}`);
  console.log(`mix columns/cells     ${tally.mixed}`);
  console.log(`caption               ${tally.caption}`);
  console.log(`affiliation           ${tally.affiliation}`);
  if (process.env.VERBOSE) console.log(bad.join('\n'));
  else if (bad.length) console.log(`(${bad.length} quotes with a finding; VERBOSE=1 lists them)`);
}

for (const f of await folders()) await audit(f.name, f.files);
process.exit(0);

/**
 * Metadata on real papers: parses each shared paper through the parse worker (OCR included, as the app does)
 * and prints, per paper, whether its title, first author, year and DOI are right, how many of the gold
 * authors were found, then totals for all papers, for the held-out ones (kept apart while the rules were
 * written) and for the rest, then for papers never seen (R packages' PDF articles, `metadata-unseen.ts`;
 * fetched by `scripts/unseen-papers.sh`). Gold: `../shared/data/papers/SOURCE.tsv` and `metadata-gold.ts`.
 * Usage: `nice npx tsx test/bench/metadata.ts [--only NAME] [--dev] [--verbose]`.
 */
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { SHARED_DATA, loadGold, scorePaper, totals, type PaperScore, type Totals } from './metadata-score';
import { UNSEEN_DIR, UNSEEN_PACKAGES, loadUnseenGold } from './metadata-unseen';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const verbose = args.includes('--verbose');
// --dev: only the papers the rules were written on (the held-out ones are kept for the final check).
const dev = args.includes('--dev');
const shared = loadGold();
const unseen = loadUnseenGold();
const gold = [...shared, ...(dev ? [] : unseen)].filter(
  (g) => (!only || g.file.includes(only)) && !(dev && g.heldOut),
);
if (!shared.length)
  console.log(
    `SKIP shared papers: none under ${SHARED_DATA} (the evaluation data is not beside this checkout)`,
  );
if (!unseen.length)
  console.log(
    `SKIP never-seen papers: none under ${UNSEEN_DIR} (fetch them with \`scripts/unseen-papers.sh DIR\` and set ` +
      `ARIADNE_UNSEEN_PAPERS, or apt-get install ${UNSEEN_PACKAGES.join(' ')})`,
  );
if (!gold.length) process.exit(0);

const parser = createParser({ workerPath: SOURCE_PARSE_WORKER, timeoutMs: 600_000 });
const mark = (ok: boolean) => (ok ? 'ok ' : 'BAD');
const scores: PaperScore[] = [];
for (const g of gold) {
  const t0 = Date.now();
  try {
    const doc = await parser.parseFile(g.path);
    const s = scorePaper(g, doc);
    scores.push(s);
    console.log(
      `${g.heldOut ? '[held out] ' : g.unseen ? '[never seen] ' : ''}${g.file} (${Date.now() - t0} ms${doc.ocr ? `, OCR pages ${doc.ocr.pages.join(',')} confidence ${doc.ocr.confidence}%` : ''}${doc.language ? `, ${doc.language.name}` : ''})\n` +
        `  title ${mark(s.title)} ${JSON.stringify(doc.title)}\n` +
        `  first author ${mark(s.firstAuthor)} ${JSON.stringify(doc.authors[0] ?? null)} (gold ${JSON.stringify(g.firstAuthor)})\n` +
        `  authors ${s.authorsFound}/${s.authorsGold}${s.authorsExact ? '' : ` BAD list ${JSON.stringify(doc.authors)}`}` +
        (g.unseen ? '' : `\n  year ${mark(s.year)} ${doc.year} · doi ${mark(s.doi)} ${doc.doi}`) +
        (verbose || !s.title ? `\n  gold title ${JSON.stringify(g.title)}` : ''),
    );
  } catch (e) {
    const s = scorePaper(g, { title: null, authors: [], year: null, doi: null });
    scores.push(s);
    console.log(`${g.file}: FAILED ${(e as Error).message}`);
  }
}
await parser.close();

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '-');
const line = (name: string, t: Totals) =>
  `${name}: ${t.papers} papers · titles ${t.titles}/${t.papers} · first authors ${t.firstAuthors}/${t.papers} · ` +
  `authors ${t.authorsFound}/${t.authorsGold} (${pct(t.authorsFound, t.authorsGold)}), lists exact ${t.listsExact}/${t.papers} · ` +
  `years ${t.years}/${t.papers} · DOIs ${t.dois}/${t.papers}`;
// Papers never seen print no DOI and date themselves variously: titles and authors only.
const short = (name: string, t: Totals) =>
  `${name}: ${t.papers} papers · titles ${t.titles}/${t.papers} (${pct(t.titles, t.papers)}) · first authors ` +
  `${t.firstAuthors}/${t.papers} (${pct(t.firstAuthors, t.papers)}) · authors ${t.authorsFound}/${t.authorsGold} ` +
  `(${pct(t.authorsFound, t.authorsGold)}), lists exact ${t.listsExact}/${t.papers}`;
const sharedScores = scores.filter((s) => !s.unseen);
console.log('');
console.log(line('all shared', totals(sharedScores)));
console.log(line('held out (the PeerJ miss looked at since)', totals(sharedScores.filter((s) => s.heldOut))));
console.log(line('developed on', totals(sharedScores.filter((s) => !s.heldOut))));
const setOf = new Map(unseen.map((u) => [u.file, u.set]));
const inSet = (n: 1 | 2 | 3 | 4) => scores.filter((s) => s.unseen && setOf.get(s.file) === n);
console.log(short('never seen, first set (looked at for rule changes)', totals(inSet(1))));
console.log(short('never seen, second set (looked at for rule changes)', totals(inSet(2))));
console.log(short('never seen, third set (looked at for rule changes)', totals(inSet(3))));
console.log(short('never seen, fourth set (kept from every rule change)', totals(inSet(4))));

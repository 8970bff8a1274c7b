/**
 * Reference matching on real papers, against a gold list read by hand (`test/fixtures/reference-gold/`: for
 * a handful of the shared papers, the works their reference lists cite — first author, year, title and the
 * DOI where printed — web sites left out).
 *
 * Each gold paper is parsed as ingestion parses it (the parse worker, the reference splitter, the field
 * parser), and its references are matched against a library that holds every gold work as a document, a
 * decoy beside each (same first author and year, another work's title) and the 16 shared papers themselves.
 * A match is right when it names the gold work of that paper. Prints precision and recall per paper, for
 * the papers the rules were tuned on, for the held-out ones, and overall; exits 1 below P 0.95 / R 0.8.
 *
 * Needs ../shared/data/papers (says so and exits 0 when absent). Usage: `npx tsx test/bench/citations.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCitationIndex, type CitableDocument } from '../../src-main/core/citations/match';
import { parseReference } from '../../src-main/core/citations/reference-fields';
import { createParser } from '../../src-main/core/ingest/parse/parse-in-worker';
import { SOURCE_PARSE_WORKER } from '../fixtures/parse-worker-path';
import { sharedFolder } from '../shared-data';
import { loadReferenceGold, type GoldPaper } from '../fixtures/reference-gold/load';

const TARGET = { precision: 0.95, recall: 0.8 };
const found = sharedFolder('papers');
if (!found) {
  console.log('SKIPPED: the shared papers (shared/data/papers) are not next to this checkout.');
  process.exit(0);
}
const PAPERS = found;

const gold = loadReferenceGold();
const workId = (g: GoldPaper, i: number) => `${g.file}#${i}`;
const docs: CitableDocument[] = [];
for (const g of gold)
  g.works.forEach((w, i) =>
    docs.push({ id: workId(g, i), title: w.title, authors: [w.author], year: w.year, doi: w.doi }),
  );
// Decoys: the same first author and year under another paper's work title (a rotation across papers).
const allWorks = gold.flatMap((g) => g.works);
gold.forEach((g, gi) =>
  g.works.forEach((w, i) => {
    const other = allWorks[(i * 7 + (gi + 1) * 31) % allWorks.length];
    if (other && other.title !== w.title)
      docs.push({
        id: `decoy:${workId(g, i)}`,
        title: other.title,
        authors: [w.author],
        year: w.year,
        doi: null,
      });
  }),
);
// The shared papers themselves, from their catalogue.
const catalogue = fs
  .readFileSync(path.join(PAPERS, 'SOURCE.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((l) => l.split('\t'));
for (const c of catalogue) {
  const [file, , , , title, firstAuthor, year, doi] = c;
  if (!file || !title) continue;
  docs.push({
    id: `paper:${file}`,
    title,
    authors: firstAuthor ? [firstAuthor] : [],
    year: Number(year) || null,
    doi: doi?.startsWith('doi:') ? (doi.slice(4).split(' ')[0] ?? null) : null,
  });
}
const index = createCitationIndex(docs);
const parser = createParser({ workerPath: SOURCE_PARSE_WORKER, timeoutMs: 120_000 });

interface Score {
  tp: number;
  predicted: number;
  gold: number;
}
const add = (a: Score, b: Score): Score => ({
  tp: a.tp + b.tp,
  predicted: a.predicted + b.predicted,
  gold: a.gold + b.gold,
});
const fmt = (s: Score) =>
  `P ${(s.predicted ? s.tp / s.predicted : 1).toFixed(3)}  R ${(s.tp / s.gold).toFixed(3)}  (${s.tp} right of ${s.predicted} matched, ${s.gold} gold)`;

const parts = new Map<string, Score>();
let total: Score = { tp: 0, predicted: 0, gold: 0 };
const verbose = process.argv.includes('--verbose');
try {
  for (const g of gold) {
    const parsed = await parser.parseFile(path.join(PAPERS, g.file));
    const refs = parsed.references.map(parseReference);
    const predicted = new Set<string>();
    for (const r of refs) {
      const m = index.match(r, `paper:${g.file}`);
      if (m) predicted.add(m.documentId);
      if (verbose && m && !m.documentId.startsWith(g.file))
        console.log(`  wrong: ${r.raw.slice(0, 120)} -> ${m.documentId}`);
    }
    const want = new Set(g.works.map((_, i) => workId(g, i)));
    if (verbose)
      for (const w of want)
        if (!predicted.has(w)) console.log(`  missed: ${JSON.stringify(g.works[Number(w.split('#')[1])])}`);
    const s: Score = {
      tp: [...predicted].filter((p) => want.has(p)).length,
      predicted: predicted.size,
      gold: want.size,
    };
    console.log(`${g.part.padEnd(8)} ${g.file.padEnd(56)} ${refs.length} entries  ${fmt(s)}`);
    parts.set(g.part, add(parts.get(g.part) ?? { tp: 0, predicted: 0, gold: 0 }, s));
    total = add(total, s);
  }
} finally {
  await parser.close();
}
for (const [part, s] of parts) console.log(`${part.padEnd(8)} ${fmt(s)}`);
console.log(`overall  ${fmt(total)}`);
const p = total.predicted ? total.tp / total.predicted : 1;
const r = total.tp / total.gold;
const ok = p >= TARGET.precision && r >= TARGET.recall;
console.log(ok ? 'PASS' : `FAIL: targets are P >= ${TARGET.precision}, R >= ${TARGET.recall}`);
process.exit(ok ? 0 : 1);

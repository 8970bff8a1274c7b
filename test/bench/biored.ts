/**
 * Entity and relation quality of the built-in engine on BioRED (Luo et al. 2022): 400 PubMed abstracts with
 * genes, diseases, chemicals, species, sequence variants and cell lines annotated, and document-level
 * relations between concepts. Reads `<shared>/data/biored/BioRED_train400.PubTator` (see its SOURCE.txt);
 * says so and measures nothing when it is absent.
 * Usage: `npx tsx test/bench/biored.ts [--data FILE] [--direct] [--limit N] [--part all|tune|held]`.
 *
 * Default: every abstract (title, blank line, abstract as one .txt) is ingested with the built-in provider
 * through the real pipeline into a temporary library and read back as `graph:entities` lists it, plus each
 * entity's evidence rows (what `ariadne export graph --format csv-edges` writes). `--direct` scores the
 * extractor alone (seconds, no entity resolution) for iteration.
 *
 * Prints typed P/R/F1 (an Ariadne type stands for a BioRED class: see biored/score.ts), untyped recall, per
 * class untyped (and typed) recall, and the gold relation pairs linked by any edge and by a typed edge,
 * with the share of typed Positive/Negative_Correlation links whose sign agrees — for all abstracts, the
 * tuning part and the held-out part (a quarter by PMID hash, `isBioredHeldOut`) that nothing learned reads.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sharedData } from '../shared-data';
import { predictDirect, predictPipeline } from './engine-predict';
import { BIORED_CLASSES, isBioredHeldOut, parseBiored, type BioredDoc } from './biored/pubtator';
import { emptyCounts, scoreDoc, type Counts } from './biored/score';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: sharedData('biored', 'BioRED_train400.PubTator') },
    direct: { type: 'boolean', default: false },
    limit: { type: 'string' },
    part: { type: 'string', default: 'all' },
  },
});

if (!fs.existsSync(values.data)) {
  console.log(`No BioRED data at ${values.data}: nothing measured. Pass --data FILE (BioRED PubTator).`);
  process.exit(0);
}
const docs = parseBiored(fs.readFileSync(values.data, 'utf8'))
  .filter((d) =>
    values.part === 'tune'
      ? !isBioredHeldOut(d.pmid)
      : values.part === 'held'
        ? isBioredHeldOut(d.pmid)
        : true,
  )
  .slice(0, values.limit ? Number(values.limit) : undefined);
console.log(
  `${docs.length} abstracts from ${values.data} (${values.direct ? 'extractor only' : 'pipeline'})`,
);

const input = docs.map((d) => ({ id: d.pmid, text: `${d.title}\n\n${d.abstract}` }));
const predictions = values.direct ? await predictDirect(input) : await predictPipeline(input, 'biored');

const pct = (n: number, d: number) => (d ? n / d : 0).toFixed(3);

function report(label: string, subset: BioredDoc[]) {
  const c: Counts = emptyCounts();
  for (const d of subset) scoreDoc(d, predictions.get(d.pmid) ?? { entities: [], relations: [] }, c);
  const p = c.predicted ? c.tp / c.predicted : 0;
  const r = c.gold ? c.found / c.gold : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  console.log(
    `\n${label} (${subset.length} abstracts, ${c.gold} gold mentions, ${c.pairs} gold relation pairs)`,
  );
  console.log(
    `  typed mentions          P ${p.toFixed(3)}  R ${r.toFixed(3)}  F1 ${f1.toFixed(3)}   (${c.tp}/${c.predicted} predicted, ${c.found}/${c.gold} gold)`,
  );
  console.log(`  untyped recall          ${pct(c.foundUntyped, c.gold)}   (${c.foundUntyped}/${c.gold})`);
  for (const cls of BIORED_CLASSES) {
    const pc = c.perClass.get(cls);
    if (!pc) continue;
    console.log(
      `    ${cls.padEnd(27)} untyped R ${pct(pc.found, pc.gold)}  typed R ${pct(pc.foundTyped, pc.gold)}   (${pc.found}/${pc.gold})`,
    );
  }
  console.log(`  relation pairs linked by any edge    ${pct(c.linked, c.pairs)}   (${c.linked}/${c.pairs})`);
  console.log(
    `  relation pairs linked by a typed edge ${pct(c.linkedTyped, c.pairs)}   (${c.linkedTyped}/${c.pairs})`,
  );
  console.log(
    `  sign agrees (typed links of Positive/Negative_Correlation pairs) ${pct(c.signAgrees, c.signed)}   (${c.signAgrees}/${c.signed})`,
  );
}

report('all', docs);
report(
  'tuning part',
  docs.filter((d) => !isBioredHeldOut(d.pmid)),
);
report(
  'held out (SHA-256 of PMID, first byte % 4 = 0)',
  docs.filter((d) => isBioredHeldOut(d.pmid)),
);

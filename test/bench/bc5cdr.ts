/**
 * Entity and relation quality of the built-in engine on BioCreative V CDR (PubTator) abstracts.
 * Usage: `npx tsx test/bench/bc5cdr.ts [--data FILE] [--direct] [--limit N]`.
 *
 * Default: every abstract (title + abstract as one .txt per PMID) is ingested with the built-in provider
 * through the real pipeline into a temporary library, and the engine's output is read back as
 * `ariadne entities --doc` reads it (`graph:entities`) plus each entity's evidence rows. `--direct` scores
 * the extractor alone (no store, seconds instead of minutes) for quick iteration; its figures are close to
 * but not the same as the pipeline's (no entity resolution).
 *
 * Prints mention-level P/R/F1 for Chemical and Disease, untyped and typed (Chemical ↔ compound/drug,
 * Disease ↔ disease/phenotype), and CID relation P/R/F1 — for all documents and for the held-out quarter
 * (PMID divisible by 4) that nothing in the engine was learned from. See bc5cdr/score.ts for the rules.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sharedData } from '../shared-data';
import { predictDirect, predictPipeline } from './engine-predict';
import { isHeldOut, parsePubtator, type PubtatorDoc } from './bc5cdr/pubtator';
import { ZERO, add, prf, scoreMentions, scoreRelations, type Prf } from './bc5cdr/score';

const { values } = parseArgs({
  options: {
    data: {
      type: 'string',
      default: sharedData('bc5cdr-dev', 'CDR_dev200.PubTator.txt'),
    },
    direct: { type: 'boolean', default: false },
    limit: { type: 'string' },
  },
});

if (!fs.existsSync(values.data)) {
  console.log(`No PubTator data at ${values.data}: nothing measured. Pass --data FILE (BC5CDR PubTator).`);
  process.exit(0);
}
const docs = parsePubtator(fs.readFileSync(values.data, 'utf8')).slice(
  0,
  values.limit ? Number(values.limit) : undefined,
);
console.log(
  `${docs.length} abstracts from ${values.data} (${values.direct ? 'extractor only' : 'pipeline'})`,
);

const input = docs.map((d) => ({ id: d.pmid, text: `${d.title}\n\n${d.abstract}` }));
const predictions = values.direct ? await predictDirect(input) : await predictPipeline(input, 'bc5cdr');

function report(label: string, subset: PubtatorDoc[]) {
  const sum = { untyped: ZERO, Chemical: ZERO, Disease: ZERO, rel: ZERO, relAll: ZERO };
  for (const d of subset) {
    const p = predictions.get(d.pmid) ?? { entities: [], relations: [] };
    sum.untyped = add(sum.untyped, scoreMentions(d, p, 'untyped'));
    sum.Chemical = add(sum.Chemical, scoreMentions(d, p, 'Chemical'));
    sum.Disease = add(sum.Disease, scoreMentions(d, p, 'Disease'));
    sum.rel = add(sum.rel, scoreRelations(d, p, true));
    sum.relAll = add(sum.relAll, scoreRelations(d, p, false));
  }
  const line = (name: string, s: Prf) => {
    const { p, r, f1 } = prf(s);
    return `  ${name.padEnd(34)} P ${p.toFixed(3)}  R ${r.toFixed(3)}  F1 ${f1.toFixed(3)}   (${s.tp}/${s.predicted} predicted, ${s.found}/${s.gold} gold)`;
  };
  console.log(`\n${label} (${subset.length} abstracts)`);
  console.log(line('untyped Chemical+Disease mentions', sum.untyped));
  console.log(line('typed Chemical+Disease mentions', add(sum.Chemical, sum.Disease)));
  console.log(line('  typed Chemical', sum.Chemical));
  console.log(line('  typed Disease', sum.Disease));
  console.log(line('CID relations (typed keywords)', sum.rel));
  console.log(line('CID relations (incl. co-occurs with)', sum.relAll));
}

report('all', docs);
report(
  'held out (PMID % 4 = 0)',
  docs.filter((d) => isHeldOut(d.pmid)),
);

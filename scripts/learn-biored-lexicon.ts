/**
 * Learns a typed term list for the built-in engine from BioRED (Luo et al. 2022), reproducibly:
 * `npx tsx scripts/learn-biored-lexicon.ts [--data FILE]` rewrites src-main/core/llm/builtin/data/biored-terms.json.
 *
 * Reads only abstracts that no benchmark holds out: not BioRED's held-out quarter (`isBioredHeldOut`, a hash
 * of the PMID) and not a PMID divisible by 4 (BC5CDR's held-out rule: 23 abstracts are in both corpora), so
 * `test/bench/biored.ts` and `test/bench/bc5cdr.ts` measure their held-out parts on text this list never saw.
 * A term is kept when at least 60% of its whole-word occurrences in those abstracts lie inside an annotated
 * mention, when it is not a word of ordinary English (SUBTLEX-US, 5 per million words or more: those mean
 * something else elsewhere), and, for a short capitalised abbreviation, when two or more abstracts annotate it
 * (most are defined per abstract, and the engine learns those from the text). Sequence variants are left to
 * their written shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCommonWord } from '../src-main/core/nlp/english-frequency';
import { isBioredHeldOut, parseBiored, type BioredClass } from '../test/bench/biored/pubtator';
import { sharedData } from '../test/shared-data';
import { mostlyAnnotated, termStats, writeLexicon } from './lexicon-learning';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { data: { type: 'string', default: sharedData('biored', 'BioRED_train400.PubTator') } },
});
const docs = parseBiored(fs.readFileSync(values.data, 'utf8')).filter(
  (d) => !isBioredHeldOut(d.pmid) && Number(d.pmid) % 4 !== 0,
);

const KEYS: Partial<Record<BioredClass, string>> = {
  GeneOrGeneProduct: 'gene',
  DiseaseOrPhenotypicFeature: 'disease',
  ChemicalEntity: 'chemical',
  OrganismTaxon: 'organism',
  CellLine: 'cellLine',
};

const out: Record<string, string[]> = { gene: [], disease: [], chemical: [], organism: [], cellLine: [] };
const terms = termStats(
  docs,
  (m) => (KEYS[m.type] ? m.text.toLowerCase().split(/\s+/).join(' ') : undefined),
  (m) => KEYS[m.type] ?? '',
);
for (const [term, s] of terms) {
  if (term.length < 2 || (s.abbrev && s.docs.size < 2)) continue;
  if (!term.includes(' ') && isCommonWord(term, 5)) continue;
  if (!mostlyAnnotated(docs, term)) continue;
  const [best] = [...s.counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (best) out[best[0]]?.push(term);
}
const file = path.join(root, 'src-main/core/llm/builtin/data/biored-terms.json');
writeLexicon(
  file,
  'Learned by scripts/learn-biored-lexicon.ts from BioRED (Luo et al., Briefings in Bioinformatics 2022, ' +
    '23(5):bbac282), tuning abstracts only (not held out by test/bench/biored.ts nor by test/bench/bc5cdr.ts)',
  out,
);
console.log(
  `${Object.entries(out)
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ')} terms from ${docs.length} abstracts → ${file}`,
);

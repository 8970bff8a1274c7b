/**
 * Learns the built-in engine's chemical and disease term list from BioCreative V CDR (PubTator) abstracts,
 * reproducibly: `npx tsx scripts/learn-cdr-lexicon.ts [--data FILE]` rewrites
 * src-main/core/llm/builtin/data/cdr-terms.json.
 *
 * Only the tuning part is read (PMIDs not divisible by 4; test/bench/bc5cdr/pubtator.ts `isHeldOut`; nor
 * BioRED's held-out quarter, `isBioredHeldOut`, since some abstracts are in both corpora), so
 * the held-out quarter measures the engine on abstracts it has never seen. A term is kept when at least 60% of its
 * whole-word occurrences in those abstracts lie inside an annotated mention (so "is", once the
 * abbreviation of a stroke, is not), and a short capitalised abbreviation only when two or more abstracts
 * annotate it (most are defined per abstract, and the engine learns those from the text).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isHeldOut, parsePubtator } from '../test/bench/bc5cdr/pubtator';
import { isBioredHeldOut, parseBiored } from '../test/bench/biored/pubtator';
import { sharedData } from '../test/shared-data';
import { mostlyAnnotated, termStats, writeLexicon } from './lexicon-learning';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    data: {
      type: 'string',
      default: sharedData('bc5cdr-dev', 'CDR_dev200.PubTator.txt'),
    },
  },
});
// Abstracts in BioRED's held-out quarter are skipped too: 23 abstracts are in both corpora.
const bioredFile = sharedData('biored', 'BioRED_train400.PubTator');
const bioredHeldOut = new Set(
  fs.existsSync(bioredFile)
    ? parseBiored(fs.readFileSync(bioredFile, 'utf8'))
        .map((d) => d.pmid)
        .filter(isBioredHeldOut)
    : [],
);
const docs = parsePubtator(fs.readFileSync(values.data, 'utf8')).filter(
  (d) => !isHeldOut(d.pmid) && !bioredHeldOut.has(d.pmid),
);

const chemical: string[] = [];
const disease: string[] = [];
for (const [term, s] of termStats(
  docs,
  (m) => m.text.toLowerCase(),
  (m) => m.type,
)) {
  if (term.length < 3) continue;
  if (s.abbrev && s.docs.size < 2) continue;
  if (!mostlyAnnotated(docs, term)) continue;
  const count = (type: string) => s.counts.get(type) ?? 0;
  (count('Chemical') >= count('Disease') ? chemical : disease).push(term);
}
const file = path.join(root, 'src-main/core/llm/builtin/data/cdr-terms.json');
writeLexicon(
  file,
  'Learned by scripts/learn-cdr-lexicon.ts from the BioCreative V CDR corpus (Li et al., Database 2016:baw068), ' +
    'tuning abstracts only (PMID not divisible by 4, and not in the held-out part of test/bench/biored.ts)',
  { chemical, disease },
);
console.log(
  `${chemical.length} chemical and ${disease.length} disease terms from ${docs.length} abstracts → ${file}`,
);

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

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);
/** Whole-word occurrences of `term`, and how many of them lie inside an annotated mention (of any length). */
function occurrences(doc: (typeof docs)[number], term: string): { all: number; inGold: number } {
  const text = doc.text.toLowerCase();
  let all = 0;
  let inGold = 0;
  for (let i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) {
    if (isWordChar(text[i - 1]) || isWordChar(text[i + term.length])) continue;
    all++;
    if (doc.mentions.some((m) => m.start <= i && i + term.length <= m.end)) inGold++;
  }
  return { all, inGold };
}

const stats = new Map<string, { Chemical: number; Disease: number; docs: Set<string>; abbrev: boolean }>();
for (const d of docs) {
  for (const m of d.mentions) {
    const t = m.text.toLowerCase();
    const s = stats.get(t) ?? { Chemical: 0, Disease: 0, docs: new Set<string>(), abbrev: false };
    s[m.type]++;
    s.docs.add(d.pmid);
    if (/^[A-Z0-9-]{2,6}$/.test(m.text) || (/[A-Z].*[A-Z]/.test(m.text) && m.text.length <= 6))
      s.abbrev = true;
    stats.set(t, s);
  }
}

const chemical: string[] = [];
const disease: string[] = [];
for (const [term, s] of [...stats.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  if (term.length < 3) continue;
  if (s.abbrev && s.docs.size < 2) continue;
  // "delirium" inside an annotated "postoperative delirium" is still a disease word, not a false alarm.
  let all = 0;
  let inGold = 0;
  for (const d of docs) {
    const o = occurrences(d, term);
    all += o.all;
    inGold += o.inGold;
  }
  if (inGold < 0.6 * all) continue;
  (s.Chemical >= s.Disease ? chemical : disease).push(term);
}
const out = {
  source:
    'Learned by scripts/learn-cdr-lexicon.ts from the BioCreative V CDR corpus (Li et al., Database 2016:baw068), ' +
    'tuning abstracts only (PMID not divisible by 4, and not in the held-out part of test/bench/biored.ts)',
  licence:
    'NCBI public-domain notice ("United States Government Work"): no restriction on use or reproduction',
  chemical,
  disease,
};
const file = path.join(root, 'src-main/core/llm/builtin/data/cdr-terms.json');
fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
console.log(
  `${chemical.length} chemical and ${disease.length} disease terms from ${docs.length} abstracts → ${file}`,
);

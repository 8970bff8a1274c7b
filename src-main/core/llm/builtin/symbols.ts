import { isCommonWord } from '../../nlp/english-frequency';
import type { Mention } from './mention';
import type { Sentence, Word } from './nlp/words';
import { at } from '../../at';

/**
 * Gene and protein names by their written shape, and by the words that vouch for them. Shapes: symbols with
 * digits (SLCO1B1, CYP2F1, CD133), capitalised symbols with a number (Bach1, Sox9, Bcl-2), Greek-suffixed
 * names (PKCalpha, NF-kappaB, IL-1beta), p-numbers (p53, p21Cip1) and numbered protein words (caspase-3,
 * caveolin-1). Context: a name-like word before "gene", "mRNA", "expression", "promoter", "knockout" … is a
 * gene whatever its shape ("Akt expression", "TipE gene").
 */

const GREEK = '(?:alpha|beta|gamma|delta|epsilon|kappa|lambda|sigma|theta|zeta|[αβγδεκλσθζ])';
const SHAPES: RegExp[] = [
  // Capitals and digits, a digit inside or at the end, at least two letters: SLCO1B1, SRD5A2, P2RX7, CD133.
  // The look-aheads use disjoint classes so that no word makes them backtrack.
  /^(?=[A-Z-]*\d)(?=[0-9-]*[A-Z][0-9-]*[A-Z])[A-Z][A-Z0-9]{1,7}(?:-\d{1,2}[A-Z]?)?$/,
  // A capital, lower case, a number: Bach1, Sox9, Bcl6, Rab6c, Sp1, Nrf2, Bcl-2.
  /^[A-Z][a-z]{1,4}-?\d{1,2}[a-z]?$/,
  // Greek-suffixed: PKCalpha, Hsp90beta, NF-kappaB, IL-1beta, TNF-alpha, GSK-3β, p85alpha.
  new RegExp(`^(?=.*[A-Z0-9])[A-Za-z][A-Za-z0-9]{0,6}-?(?:\\d{1,2})?${GREEK}[A-Z0-9]?$`),
  // p-numbers: p53, p21, p38, p27Kip1.
  /^p\d{2,3}(?:[A-Z][a-z]{2}\d)?$/,
];
/** Numbered protein words: caspase-3, caveolin-1, matriptase-2, claudin-5. */
const NUMBERED_PROTEIN = /^[a-z]{4,}(?:in|ase|ogen)-?\d{1,2}[a-z]?$/;

/** Words after a name that say it is a gene or its product. */
const GENE_CONTEXT = new Set(
  (
    'gene genes mrna mrnas transcript transcripts expression promoter promoters polymorphism polymorphisms ' +
    'allele alleles locus loci knockout knockdown knock-out knock-down haplotype haplotypes isoform isoforms ' +
    'protein proteins mutation mutations mutant mutants deficiency overexpression silencing homolog ' +
    'ortholog orthologs paralog paralogs variant variants genotype genotypes phosphorylation kinase ' +
    'inhibitor inhibitors antagonist agonist signaling signalling pathway'
  ).split(' '),
);
/** A word that can be a gene's name in context: a symbol's shape or a word no English text uses. */
const NAME_LIKE = /^(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-/]{1,14}$/;

/** Whether a single word is written as a gene or protein symbol. */
export function geneShape(w: string): boolean {
  if (w.length < 2 || w.length > 14) return false;
  return SHAPES.some((re) => re.test(w)) || NUMBERED_PROTEIN.test(w);
}

/**
 * Gene and protein mentions of one sentence. A shape alone gives `gene` (capitals with digits) or `protein`
 * (the rest); a name-like word before a word of GENE_CONTEXT gives `gene`, unless it is ordinary English or a
 * word a passage capitalises anyway (the first of a sentence).
 */
export function geneNames(s: Sentence): Mention[] {
  const out: Mention[] = [];
  const ws = s.words;
  for (let i = 0; i < ws.length; i++) {
    const w: Word = at(ws, i);
    if (w.pos === 'PUNCT' || w.pos === 'NUM') continue;
    const next = ws[i + 1];
    // A capital or a digit past the first letter ("Akt" only counts off a sentence's start), and not a
    // word of ordinary English ("Protein expression").
    const marked = /[A-Z0-9]/.test(w.first ? w.text.slice(1) : w.text);
    if (
      next &&
      GENE_CONTEXT.has(next.lower) &&
      NAME_LIKE.test(w.text) &&
      marked &&
      !isCommonWord(w.lower, 3)
    ) {
      out.push({ start: w.start, end: w.end, name: w.text, type: 'gene', rank: 2 });
      continue;
    }
    if (geneShape(w.text))
      out.push({
        start: w.start,
        end: w.end,
        name: w.text,
        type: /^[A-Z0-9-]+$/.test(w.text) ? 'gene' : 'protein',
        rank: 4,
      });
  }
  return out;
}

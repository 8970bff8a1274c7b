import type { DocumentMeta } from '../task-types';

/** Words a name neither starts nor ends with: a phrase that does is a piece of a sentence. */
const FRAGMENT_EDGES = new Set(
  (
    'a an the and or but nor of in on at to for from by with without into is are was were be been being has ' +
    'have had do does did can could may might must should will would this that these those which who whom ' +
    'we our us it its they them their as than requires required require using used'
  ).split(' '),
);

const HEADINGS = new Set(
  (
    'abstract introduction background method methods materials results result discussion conclusion conclusions ' +
    'references acknowledgements acknowledgments objective objectives aim aims purpose design setting findings ' +
    'keywords summary appendix supplementary contents funding'
  ).split(' '),
);
const ORGANISATION_WORDS =
  /\b(publishing|publishers?|press|journal|university|universit[àé]|institute|department|hospital|college|school|corporation|organi[sz]ation|inc|ltd|gmbh|society|foundation|ministry|centre|center)\b/i;
/** Statistics named in a paper's methods: real terms, but not entities of its subject. */
const STATISTICS = new Set(
  (
    'confidence interval|odds ratio|hazard ratio|relative risk|risk ratio|standard deviation|standard error|' +
    'interquartile range|area under the curve|coefficient of variation|intraclass correlation coefficient|' +
    'analysis of variance|mean difference|p value'
  ).split('|'),
);
/** Statistics and reference apparatus written short: never a paper's subject. */
const APPARATUS = new Set(
  (
    'or ci rr hr sd se sem iqr auc anova ns df doi crossref pubmed medline scopus isbn issn pmid pmcid ' +
    'et al google scholar supplementary material'
  ).split(' '),
);
/**
 * Identifiers that stand for a record elsewhere, not for a thing of the paper: postcodes ("BA2 7AY"),
 * grant numbers ("GM072815", "R01 GM072815", "BB/L000123/1"), PDB entries ("3NXQ"), GEO and SRA accessions
 * ("GSE12345"), sequence accessions ("NM_000546", "NC_001416").
 */
const IDENTIFIER =
  /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|(?:[A-Z]\d{2} ?)?[A-Z]{1,3}\d{5,}|[A-Z]{2}\/[A-Z]\d{6}\/\d|\d[A-Z0-9]{3}|(?:GSE|GSM|GPL|SRR|SRP|PRJNA|ERR)\d{3,}|[A-Z]{2}_\d{5,}(?:\.\d+)?)$/;
const LABEL = /^(fig|figs|figure|figures|table|tables|supplementary|appendix|panel|scheme|eq|equation)\b/i;
const MEASUREMENT =
  /^[<>≤≥~±]?\d+(?:[.,]\d+)?\s*(?:-\s*)?(?:fold|%|percent|mg|g|kg|ml|l|µg|ug|ng|pg|mm|cm|m|h|hr|hrs|hours?|min|minutes?|s|sec|days?|weeks?|months?|years?|mmol|mol|µm|um|nm|mm|µmol|iu|u|units?|times)\b/i;

/**
 * The junk gate: names that are never entities whatever a rule matched — section headings, people and
 * organisations named in the document's metadata, journal and publisher names, figure and table labels,
 * bare numbers and measurements ("250-fold decrease"), sentence fragments ("Treatment requires") and
 * respondent or sample codes (R1 … R7).
 */
export function createJunkGate(meta: DocumentMeta = {}) {
  const known = new Set<string>();
  const addName = (s: string | undefined) => {
    if (!s) return;
    const low = s.trim().toLowerCase();
    if (low.length < 2) return;
    known.add(low);
    // "Douglas J. Smith": each name part alone ("Smith", "DOUGLAS") is the person too.
    for (const part of low.split(/[\s,;]+/)) if (part.replace(/\./g, '').length > 2) known.add(part);
  };
  meta.authors?.forEach(addName);
  meta.affiliations?.forEach((a) => known.add(a.trim().toLowerCase()));
  if (meta.journal) known.add(meta.journal.trim().toLowerCase());
  if (meta.publisher) known.add(meta.publisher.trim().toLowerCase());

  return function isJunk(name: string): boolean {
    const n = name.trim();
    const low = n.toLowerCase();
    if (n.length < 2 || !/\p{L}/u.test(n)) return true;
    if (HEADINGS.has(low) || STATISTICS.has(low) || APPARATUS.has(low)) return true;
    if (IDENTIFIER.test(n) && !/^\d+[A-Z]$/.test(n)) return true;
    if (known.has(low)) return true;
    if (ORGANISATION_WORDS.test(n)) return true;
    if (LABEL.test(n)) return true;
    if (MEASUREMENT.test(n)) return true;
    if (/^[A-Z]\d{1,2}$/.test(n)) return true;
    const words = low.split(/\s+/);
    const [first = '', last = ''] = [words[0], words.at(-1)];
    if (words.length > 1 && (FRAGMENT_EDGES.has(first) || FRAGMENT_EDGES.has(last))) return true;
    return false;
  };
}

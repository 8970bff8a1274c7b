/**
 * A small typed biomedical lexicon so the offline provider recognises common lowercase terms ("metformin",
 * "autophagy", "liver") that no capitalisation rule would find. Entries with a longevity type use it when
 * the longevity extension is enabled, and their base type otherwise.
 */
type Entry = [term: string, type: string, longevityType?: string];

const GEROPROTECTORS = /^(metformin|rapamycin|spermidine|acarbose|dasatinib|quercetin|fisetin|nicotinamide)/;

const ENTRIES: Entry[] = [
  // compounds and drugs
  ...(
    'metformin|rapamycin|sirolimus|everolimus|resveratrol|spermidine|acarbose|aspirin|dasatinib|quercetin|fisetin|' +
    'nicotinamide riboside|nicotinamide mononucleotide|NAD+|oleoylethanolamide|insulin glargine|semaglutide|statins|' +
    'glucose|cholesterol|ethanol|caffeine|curcumin|melatonin|testosterone|estradiol|cortisol|ketamine|lithium'
  )
    .split('|')
    .map((t): Entry => [t, 'compound/drug', GEROPROTECTORS.test(t) ? 'geroprotector' : undefined]),
  // proteins and genes written in words
  ['insulin', 'protein'],
  ['mTOR', 'protein'],
  ['mTORC1', 'protein'],
  ['AMPK', 'protein'],
  ['sirtuin 1', 'protein'],
  ['SIRT1', 'gene'],
  ['p53', 'protein'],
  ['IGF-1', 'protein'],
  ['TNF-α', 'protein'],
  ['interleukin-6', 'protein'],
  ['klotho', 'protein'],
  ['telomerase', 'protein'],
  ['leptin', 'protein'],
  ['adiponectin', 'protein'],
  ['FOXO3', 'gene'],
  ['APOE', 'gene'],
  // diseases and phenotypes
  ..."obesity|type 2 diabetes|diabetes|cancer|atherosclerosis|Alzheimer's disease|Parkinson's disease|sarcopenia|osteoporosis|hypertension|cardiovascular disease|chronic kidney disease|fibrosis|steatosis|NAFLD|dementia"
    .split('|')
    .map((t): Entry => [t, 'disease']),
  ...'insulin resistance|frailty|body weight|lifespan|healthspan|cognitive decline|muscle mass|glucose tolerance|fat mass'
    .split('|')
    .map((t): Entry => [
      t,
      'phenotype',
      t === 'lifespan' ? 'lifespan outcome' : t === 'healthspan' ? 'healthspan measure' : undefined,
    ]),
  // organisms
  // People and animals as papers name the organism studied (the taxa BioRED and NCBI Taxonomy annotate).
  ...'patients|patient|human|humans|women|woman|men|man|murine|rat|rodents|rabbits|rabbit|dogs|dog|cats|cat|pigs|pig|cattle|cows|sheep|monkeys|primates|chickens|yeast|bacteria|zebrafish|frogs|flies|worms|mosquitoes|plants'
    .split('|')
    .map((t): Entry => [t, 'organism']),
  ...'mice|mouse|rats|Caenorhabditis elegans|C. elegans|Drosophila melanogaster|Drosophila|Saccharomyces cerevisiae|zebrafish|Akkermansia muciniphila|Escherichia coli|E. coli|rhesus monkeys'
    .split('|')
    .map((t): Entry => [t, 'organism']),
  // cell types and anatomy
  ...'T cells|B cells|macrophages|hepatocytes|neurons|stem cells|fibroblasts|adipocytes|microglia|senescent cells|endothelial cells'
    .split('|')
    .map((t): Entry => [t, 'cell type']),
  ...'liver|brain|intestine|gut|skeletal muscle|muscle|adipose tissue|heart|kidney|intestinal epithelium|hippocampus|blood|plasma|pancreas'
    .split('|')
    .map((t): Entry => [t, 'anatomy']),
  // pathways and processes
  ...'mTOR signaling|insulin signaling|insulin/IGF-1 signaling|AMPK pathway|NF-κB pathway|Wnt signaling'
    .split('|')
    .map((t): Entry => [t, 'pathway']),
  ...'autophagy|apoptosis|cellular senescence|senescence|aging|ageing|inflammation|inflammaging|lipolysis|gluconeogenesis|mitochondrial dysfunction|DNA repair|oxidative stress|proteostasis|telomere attrition|epigenetic alterations|stem cell exhaustion'
    .split('|')
    .map((t): Entry => [
      t,
      'biological process',
      /senescence|telomere|mitochondrial|proteostasis|epigenetic|exhaustion|inflammaging/.test(t)
        ? 'hallmark of aging'
        : undefined,
    ]),
  // methods, interventions, trials, biomarkers
  ...'RNA-seq|single-cell RNA sequencing|mass spectrometry|Western blot|PCR|qPCR|CRISPR|flow cytometry|immunohistochemistry|Mendelian randomization|meta-analysis|mouse model'
    .split('|')
    .map((t): Entry => [t, 'method']),
  ...'caloric restriction|calorie restriction|dietary restriction|intermittent fasting|fasting|exercise|gene therapy|senolytic therapy'
    .split('|')
    .map((t): Entry => [t, 'intervention']),
  ...'randomized controlled trial|randomized clinical trial|clinical trial|placebo-controlled trial'
    .split('|')
    .map((t): Entry => [t, 'clinical trial']),
  ...'C-reactive protein|CRP|HbA1c|LDL cholesterol|epigenetic clock|DNA methylation age|grip strength|gait speed'
    .split('|')
    .map((t): Entry => [
      t,
      'biomarker',
      /clock|methylation age/.test(t) ? 'aging clock' : /grip|gait/.test(t) ? 'aging biomarker' : undefined,
    ]),
];

export interface LexiconHit {
  term: string;
  type: string;
}

/** Entries sorted longest first so "type 2 diabetes" wins over "diabetes". */
export function lexiconEntries(longevity: boolean): LexiconHit[] {
  return ENTRIES.map(([term, type, lt]) => ({ term, type: longevity && lt ? lt : type })).sort(
    (a, b) => b.term.length - a.term.length,
  );
}

const HEADS: [RegExp, string][] = [
  [/(disease|syndrome|disorder|cancer|carcinoma|tumou?r|itis|osis|emia|pathy|obesity|diabetes)$/i, 'disease'],
  [/(resistance|tolerance|decline|weight|mass|lifespan|phenotype)$/i, 'phenotype'],
  [/(signall?ing|pathway|cascade|axis)$/i, 'pathway'],
  [/(cells?|cytes?|blasts?|phages?)$/i, 'cell type'],
  [/(trial|study cohort)$/i, 'clinical trial'],
  [
    /(therapy|treatment|supplementation|restriction|fasting|exercise|intervention|transplantation)$/i,
    'intervention',
  ],
  [
    /(assay|sequencing|analysis|method|imaging|spectrometry|microscopy|cytometry|blot|model|score|index)$/i,
    'method',
  ],
  [/(marker|biomarker|clock|level|concentration)$/i, 'biomarker'],
  [/(ase|receptor|protein|factor|kinase|hormone|antibody|enzyme|transporter|channel|ligand)s?$/i, 'protein'],
  [/(gene|allele|variant|locus)s?$/i, 'gene'],
  [/(tissue|cortex|epithelium|muscle|liver|organ|gland|lobe)$/i, 'anatomy'],
  [/(ine|ide|ol|ate|one|in|mab|nib|acid|oxide)$/i, 'compound/drug'],
  [/(tion|sis|ing|ism|ance|ence)$/i, 'biological process'],
];

/** Guesses a type from the head (last word) of a multi-word term; null when nothing fits. */
export function typeFromHead(term: string): string | null {
  const head = term.trim().split(/\s+/).pop() ?? '';
  for (const [re, type] of HEADS) if (re.test(head)) return type;
  return null;
}

/** Words that mark a relation in a sentence; used as relationship keywords. */
export const RELATION_VERBS: [RegExp, string][] = [
  [/\binhibit(s|ed|ion|ing)?\b/i, 'inhibits'],
  [/\bactivat(es|ed|ion|ing)\b/i, 'activates'],
  [/\b(increas|elevat|enhanc|promot|upregulat)(es|ed|ing|e)\b/i, 'increases'],
  [/\b(decreas|reduc|lower|suppress|downregulat|attenuat)(es|ed|ing|e)?\b/i, 'reduces'],
  [/\b(regulat|modulat|control)(es|ed|s|ing|e)?\b/i, 'regulates'],
  [/\b(associat|correlat|link)(ed|ion|s)?\b/i, 'associated with'],
  [/\b(induc|caus|trigger)(es|ed|ing|e)\b/i, 'induces'],
  [/\b(protect|prevent)(s|ed|ing|ion)?\b/i, 'protects against'],
  [/\b(extend|prolong)(s|ed|ing)?\b/i, 'extends'],
  [/\b(treat|therap)(s|ed|ing|y|ies)?\b/i, 'treats'],
  [/\b(bind|interact)(s|ed|ing|ion)?\b/i, 'interacts with'],
  [/\b(express|encod)(es|ed|ion|ing)\b/i, 'expresses'],
  [/\bbiomarker\b/i, 'biomarker of'],
];

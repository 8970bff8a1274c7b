import { isCommonWord } from '../../nlp/english-frequency';

/**
 * Word-shape evidence for a type, the way a curator reads an unknown term: INN stems and chemical name
 * fragments say "drug", disease suffixes say "disease", enzyme suffixes and receptor heads say "protein".
 * Each test looks at one word (or its head) with anchored suffix lists, so it runs in time linear in the word.
 */

/** WHO INN stems (the International Nonproprietary Names programme's published stem list, a selection). */
const INN_STEMS = (
  'pril prilat sartan olol alol ilol statin mab nib azole mycin micin cillin cycline vir floxacin ' +
  'oxacin tidine prazole dipine afil gliptin gliflozin parin platin rubicin taxel triptan setron ' +
  'lukast profen coxib azepam azolam barbital caine dronate semide thiazide vastatin fentanil ' +
  'curium curonium oxetine apine idone peridol triptyline ipramine azine tadine phylline olone ' +
  'sone terol orphine orphan codone dralazine glitazone formin gliptin arabine uridine ribine ' +
  'fovir navir previr tegravir conazole bendazole nidazole quine oquine tinib ciclib parib rafenib ' +
  'zomib limus tretinoin estradiol gestrel sterone tropin relin pressin tocin kinra mustine ' +
  'fosfamide trexate mide amide amine oline idine azoline etine epine oxone adol amil azem pamil ' +
  'dipine anil afine unate tecan ampin ampicin oxin ocaine etamol salicylate dopa thasone nisone ' +
  'olol'
).split(' ');

/** Chemical name fragments (IUPAC prefixes and functional groups) and salt words. */
const CHEM_FRAGMENTS = (
  'methyl ethyl propyl butyl phenyl benzyl chloro fluoro bromo iodo hydroxy amino nitro oxo ' +
  'carboxy acetyl sulfo thio cyano methoxy ethoxy benz pyrid pyrrol imidazol indol quinol piperid ' +
  'piperaz morphol furan oxazol thiazol glycer phosph sulf chlor fluor'
).split(' ');
const SALTS = new Set(
  (
    'chloride hydrochloride sulfate sulphate phosphate acetate citrate nitrate nitrite carbonate bicarbonate ' +
    'bromide iodide fluoride oxide hydroxide maleate tartrate succinate mesylate besylate fumarate lactate ' +
    'gluconate sodium potassium calcium magnesium lithium zinc iron copper'
  ).split(' '),
);

/** Disease suffixes (medical Greek and Latin): inflammation, blood conditions, tumours, disease states. */
const DISEASE_SUFFIXES = (
  'itis emia aemia oma omas pathy pathies osis oses algia plegia paresis penia cytosis uria trophy ' +
  'toxicity tension cardia rrhythmia rhythmias kinesia kinesias epsy ataxia phobia plasia edema ' +
  'oedema megaly rrhea rrhoea rrhage rrhages sclerosis lepsy ischemia ischaemia thermia glycemia ' +
  'glycaemia kalemia natremia calcemia lipidemia tonia spasm spasms paralysis infarction stenosis ' +
  'insufficiency fibrillation carcinoma carcinomas sarcoma sarcomas leukemia leukaemia lymphoma ' +
  'lymphomas myopathy neuropathy dystrophy dysplasia mania somnia phagia opia otoxicity cytopenia ' +
  'iasis lithiasis thrombosis embolism emesis dipsia dynia stasis noia'
).split(' ');
/** Disease nouns that are whole words of the suffix families above ("embolism", "edema"). */
const DISEASE_NOUNS = new Set(
  (
    'embolism emboli thrombosis edema oedema ischemia ischaemia infarction stenosis sclerosis paralysis ' +
    'insufficiency fibrillation carcinoma sarcoma lymphoma leukemia leukaemia neuropathy myopathy'
  ).split(' '),
);

/** Common words the suffix lists would catch: not diseases. */
const NOT_DISEASE = new Set(
  (
    'diagnosis prognosis hypothesis synthesis analysis biosynthesis diploma aroma stoma genoma soma chromosoma ' +
    'osmosis apoptosis mitosis meiosis symbiosis emphasis thesis basis dosis tension extension attention intention ' +
    'pretension trophy ' +
    'genome glaucoma-like idioma homeostasis hemostasis haemostasis metamorphosis morphogenesis'
  ).split(' '),
);
const NOT_CHEMICAL = new Set(
  (
    'medicine routine machine examine determine decline discipline baseline guideline online outline pipeline ' +
    'line fine mine nine wine spine shine vaccine engine feline canine bovine porcine murine uterine intestine ' +
    'genuine doctrine marine saline sunshine turbine airline deadline headline hotline lifeline timeline ' +
    'underline define combine refine confine incline opine alkaline divine famine masculine feminine ' +
    'amine decide side wide tide ride guide pride provide divide reside inside outside beside aside collide ' +
    'override homicide suicide slide bride nucleotide peptide polypeptide ' +
    'database increase decrease release phase base case ease lease purchase disease chase cease crease ' +
    'cone bone done gone none tone zone phone stone alone throne ozone ' +
    'clone hormone someone anyone everyone ' +
    'disorder ' +
    'response purpose'
  ).split(' '),
);

const lowerWord = (w: string) => w.toLowerCase();

function endsWithAny(w: string, suffixes: readonly string[], minStem = 3): string | null {
  for (const s of suffixes) if (w.length >= s.length + minStem && w.endsWith(s)) return s;
  return null;
}

/** A compound code: letters then digits (RXP407, ACC-9653, MK-801, SR141716A) or digits then capitals (33RE). */
export function isCompoundCode(w: string): boolean {
  // Two capitals and three digits is more often a gene (CD151): a code then has a hyphen or more digits.
  return (
    /^[A-Z]{3,5}-?\d{3,6}[A-Z]?$/.test(w) ||
    /^[A-Z]{2}(?:-\d{3,6}|\d{5,6})[A-Z]?$/.test(w) ||
    /^\d{1,4}[A-Z]{2,4}$/.test(w)
  );
}

/** A gene or protein symbol: capitals with digits or a Greek/Latin suffix (TP53, IL-6, CD4, TNF-α, HER2). */
export function isGeneSymbol(w: string): boolean {
  if (!/^[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9α-ω]{1,3})?$/.test(w) || w.length < 3 || w.length > 10) return false;
  return /^[A-Z]{2,6}\d{1,2}[A-Z]?$/.test(w) || /^[A-Z]{2,5}-(?:\d{1,2}|[α-ω])$/.test(w);
}

/** Chemical evidence from a single word, or null. */
export function chemicalWord(word: string): boolean {
  const w = lowerWord(word);
  if (w.length < 5 || NOT_CHEMICAL.has(w) || !/^[a-z0-9]/.test(w)) return false;
  if (SALTS.has(w)) return true;
  // IUPAC names carry locants and fragments: "5-fluorouracil", "N-methyl-D-aspartate".
  if (/\d/.test(w) && /[a-z]{4}/.test(w) && CHEM_FRAGMENTS.some((f) => w.includes(f))) return true;
  if (w.length >= 9 && CHEM_FRAGMENTS.filter((f) => w.includes(f)).length >= 2) return true;
  if (!/^[a-z][a-z-]+$/.test(w)) return false;
  return endsWithAny(w, INN_STEMS, 2) !== null;
}

/** Disease evidence from a single word. */
export function diseaseWord(word: string): boolean {
  const w = lowerWord(word);
  if (w.length < 5 || NOT_DISEASE.has(w) || !/^[a-z][a-z'-]*$/.test(w)) return false;
  if (/^(hyper|hypo|dys)[a-z]{3,}(ia|ias|emia|osis)$/.test(w)) return true;
  if (DISEASE_NOUNS.has(w)) return true;
  // "purposes" ends like "ketoses": an ordinary English word is no disease by its ending alone.
  return endsWithAny(w, DISEASE_SUFFIXES, 2) !== null && !isCommonWord(w, 3);
}

/** Protein evidence: "-ase" enzymes (kinase, ATPase), with common non-enzyme words left out. */
export function enzymeWord(word: string): boolean {
  const w = lowerWord(word);
  return (
    w.length >= 6 &&
    /ases?$/.test(w) &&
    !NOT_CHEMICAL.has(w) &&
    !/(disease|increase|decrease|release|database|phase|purchase|showcase|please|erase|cease)s?$/.test(w)
  );
}

/** Head words of multi-word disease names ("acute renal failure", "neuroleptic malignant syndrome"). */
export const DISEASE_HEADS = new Set(
  (
    'syndrome syndromes disease diseases disorder disorders failure injury injuries toxicity damage dysfunction ' +
    'deficiency insufficiency infarction arrest attack impairment pain ulcer ulcers lesion lesions cancer cancers ' +
    'carcinoma tumor tumors tumour tumours neoplasm neoplasms stroke hemorrhage haemorrhage bleeding edema ' +
    'fibrillation tachycardia seizure seizures infection infections poisoning depression hypertension ' +
    'hypotension overdose dependence abuse defect defects anemia anaemia'
  ).split(' '),
);

/** Heads that name a protein when preceded by a name: "angiotensin receptor", "Janus kinase". */
export const PROTEIN_HEADS = new Set(
  'receptor receptors kinase kinases enzyme channel channels transporter antibody antibodies factor'.split(
    ' ',
  ),
);

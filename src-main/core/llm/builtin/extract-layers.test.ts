import { describe, expect, it } from 'vitest';
import { BIOMEDICAL_ENTITY_TYPES } from '../schemas';
import { ruleExtract } from './extract';
import { createJunkGate } from './junk-gate';
import { chemicalWord, diseaseWord, enzymeWord, isCompoundCode, isGeneSymbol } from './morphology';
import { analyse } from './nlp/words';

const types = BIOMEDICAL_ENTITY_TYPES;
const extract = (text: string) => ruleExtract(text, { entityTypes: types });
const typeOf = (text: string) =>
  Object.fromEntries(extract(text).entities.map((e) => [e.entity_name, e.entity_type]));

describe('words', () => {
  it('glues biomedical words and keeps offsets', () => {
    const text = 'Lisinopril inhibits angiotensin-converting enzyme in 33RE-treated rats.';
    const [s] = analyse(text);
    expect(s!.words.map((w) => w.text)).toContain('angiotensin-converting');
    expect(s!.words.map((w) => w.text)).toContain('33RE-treated');
    for (const w of s!.words) expect(text.slice(w.start, w.end)).toBe(w.text);
  });
  it('reads the toolkit sentences: across a line break, never across a blank line or a heading', () => {
    // The engine reads the very sentences evidence is quoted by (nlp/sentences.ts), so a relation's sentence
    // is its citation's quote; a paragraph break ends a sentence there too.
    const text =
      'Level one evidence supports low molecular\nweight heparins in trauma.\n\nMethods\n\nWe searched.';
    expect(analyse(text).map((s) => s.text.split(/\s+/).join(' '))).toEqual([
      'Level one evidence supports low molecular weight heparins in trauma.',
      'Methods',
      'We searched.',
    ]);
    const [first] = analyse(text);
    expect(first!.text).toBe(text.slice(0, text.indexOf('\n\n')));
  });
});

describe('word shapes', () => {
  it('reads INN stems, IUPAC fragments and salts as chemicals, common words not', () => {
    for (const w of [
      'captopril',
      'losartan',
      'propranolol',
      'simvastatin',
      'imatinib',
      'gentamicin',
      '5-fluorouracil',
    ])
      expect(chemicalWord(w), w).toBe(true);
    for (const w of ['medicine', 'routine', 'guideline', 'control', 'response'])
      expect(chemicalWord(w), w).toBe(false);
  });
  it('reads disease suffixes, not their look-alikes', () => {
    for (const w of [
      'hepatitis',
      'hyperkalemia',
      'lymphoma',
      'nephropathy',
      'fibrosis',
      'embolism',
      'allodynia',
    ])
      expect(diseaseWord(w), w).toBe(true);
    for (const w of ['diagnosis', 'analysis', 'apoptosis', 'homeostasis'])
      expect(diseaseWord(w), w).toBe(false);
  });
  it('tells enzymes, codes and symbols apart', () => {
    expect(enzymeWord('kinase')).toBe(true);
    expect(enzymeWord('ATPase')).toBe(true);
    expect(enzymeWord('please')).toBe(false);
    expect(isCompoundCode('RXP407')).toBe(true);
    expect(isCompoundCode('33RE')).toBe(true);
    expect(isCompoundCode('CD151')).toBe(false);
    expect(isGeneSymbol('TP53')).toBe(true);
    expect(isGeneSymbol('IL-6')).toBe(true);
    expect(isGeneSymbol('R1')).toBe(false);
  });
});

describe('junk gate', () => {
  const isJunk = createJunkGate({
    authors: ['Douglas J. Smith'],
    journal: 'Rehabilitation Research and Practice',
  });
  it('drops headings, people, publishers, labels, measurements, fragments and codes', () => {
    for (const n of [
      'METHODS',
      'DOUGLAS',
      'Smith',
      'Hindawi Publishing Corporation',
      'Figure 2',
      'Table 1',
      '250-fold decrease',
      '10 mg',
      'Treatment requires',
      'R1',
      'R7',
      'confidence interval',
    ])
      expect(isJunk(n), n).toBe(true);
    for (const n of ['heparin', 'pulmonary embolism', 'TP53', '5-fluorouracil'])
      expect(isJunk(n), n).toBe(false);
  });
});

describe('rule extraction on the domain layers', () => {
  it('types chemicals, diseases and abbreviations honestly', () => {
    const t = typeOf(
      'Famotidine-associated delirium. Treatment with captopril caused acute renal failure (ARF) in two patients. ' +
        'The ARF resolved. Heart rate variability (HRV) was measured.',
    );
    expect(t).toMatchObject({
      Famotidine: 'compound/drug',
      delirium: 'disease',
      captopril: 'compound/drug',
      'acute renal failure': 'disease',
      'Heart rate variability': 'concept',
    });
    expect(Object.values(t)).not.toContain('protein');
  });
  it('keeps author lines, headings and sample codes out', () => {
    const x = extract(
      'Patient Experiences\n\nNuala E. Tully, Karen M. Morgan\n\nMETHODS\n\nRespondents R1 to R7 reported a 250-fold decrease in pain. See Figure 2.',
    );
    expect(x.entities.map((e) => e.entity_name)).toEqual(['pain']);
  });
  it('reads the relation and its direction from the sentence', () => {
    const rels = (text: string) =>
      extract(text).relationships.map(
        (r) => `${r.source_entity} -${r.relationship_keywords[0]}-> ${r.target_entity}`,
      );
    expect(rels('Cocaine-induced seizures were seen.')).toContain('Cocaine -induces-> seizures');
    expect(rels('Hepatitis was caused by isoniazid in one patient.')).toContain(
      'isoniazid -induces-> Hepatitis',
    );
    expect(rels('Hypotension after propofol administration is common.')).toContain(
      'propofol -induces-> Hypotension',
    );
    expect(rels('Captopril inhibits the angiotensin receptor.')).toContain(
      'Captopril -inhibits-> angiotensin receptor',
    );
    expect(rels('Heparin and thrombocytopenia were recorded.')).toEqual([
      'Heparin -co-occurs with-> thrombocytopenia',
    ]);
  });
  it('reads relations stated without a verb the tagger sees', () => {
    const rels = (text: string) =>
      extract(text).relationships.map(
        (r) => `${r.source_entity} -${r.relationship_keywords[0]}-> ${r.target_entity}`,
      );
    // A gene or drug placed in a disease by a preposition: the two go together, no sign.
    expect(rels('BRCA1 mutations in patients with breast cancer were rare.')).toContain(
      'BRCA1 -associated with-> breast cancer',
    );
    expect(rels('MYC overexpression in lymphoma predicts a poor outcome.')).toContain(
      'MYC -associated with-> lymphoma',
    );
    // The tagger reads "inhibited" and "interacts" as nouns; "the phosphorylation of" hides no object.
    expect(rels('Metformin inhibited the phosphorylation of AMPK in the liver.')).toContain(
      'Metformin -inhibits-> AMPK',
    );
    expect(rels('NDE1 interacts with DISC1.')).toEqual(['NDE1 -binds-> DISC1']);
    expect(rels('TP53 regulates MDM2.')).toEqual(['TP53 -associated with-> MDM2']);
    // A verb the tagger reads as a noun is no species epithet either.
    expect(Object.values(typeOf('Gankyrin upregulates vascular endothelial growth factor.'))).not.toContain(
      'organism',
    );
    // A list joined by "and" states nothing.
    expect(rels('Breast cancer and BRCA1 were studied.')).toEqual(['Breast cancer -co-occurs with-> BRCA1']);
  });
  it('puts typed relations before co-occurrence', () => {
    const x = extract('Heparin and warfarin were given. Heparin causes thrombocytopenia.');
    const kinds = x.relationships.map((r) => r.relationship_keywords[0] === 'co-occurs with');
    expect(kinds).toEqual([...kinds].sort((a, b) => Number(a) - Number(b)));
    expect(kinds[0]).toBe(false);
  });
});

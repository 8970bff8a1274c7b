import type { SectionName } from './types';
import { trimEndChars } from '../../nlp/trim-chars';
import { at } from '../../at';

const HEADINGS: [SectionName, RegExp][] = [
  ['abstract', /^(abstract|summary)$/],
  ['introduction', /^(introduction|background|introduction and background)$/],
  [
    'methods',
    /^((materials?|patients|subjects|participants) and methods|methods( and materials)?|methodology|experimental( procedures| section| methods)?|study design|methods and analysis)$/,
  ],
  ['results', /^(results|results and discussion|findings)$/],
  ['discussion', /^(discussion|general discussion|discussion and conclusions?)$/],
  ['conclusion', /^(conclusions?|concluding remarks|summary and conclusions?)$/],
  ['acknowledgements', /^(acknowledge?ments?)$/],
  ['references', /^(references( and notes)?|bibliography|literature cited|works cited|cited literature)$/],
];

/** Back matter that may follow the reference list and ends it. */
const AFTER_REFERENCES =
  /^(appendix|appendices|supplementary|supporting information|figure legends|tables?|figures?|abbreviations|author details|additional information)\b/i;

/** "R E F E R E N C E S" -> "REFERENCES": some journals letter-space their headings. */
function unspace(s: string): string {
  return /^(\p{L} ){3,}\p{L}$/u.test(s) ? s.replace(/ /g, '') : s;
}

/** Drops numbering ("2.", "2.1", "IV.", "A.") and trailing punctuation from a heading. */
export function normaliseHeading(text: string): string {
  const numbered = unspace(text.trim()).replace(/^((\d+(\.\d+)*|[IVX]+|[A-H])\.?|§)\s+/, '');
  return trimEndChars(numbered, '.:—–-', true).replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The canonical section a standalone heading line names, or null. */
export function classifyHeading(text: string): SectionName | null {
  // Headings start with a capital or a number; "results." on a line of its own ends a wrapped sentence.
  if (text.length > 60 || !/^\s*[\p{Lu}\d§]/u.test(text)) return null;
  const norm = normaliseHeading(text);
  for (const [name, re] of HEADINGS) if (re.test(norm)) return name;
  return null;
}

/**
 * Run-in headings: "Abstract: We …", "Background. Obesity …", "References 1. …". Returns the section and the
 * heading's length, so the caller can mark the span.
 */
export function classifyRunInHeading(paragraph: string): { name: SectionName; heading: string } | null {
  const m = /^(\p{L}[\p{L} ]{2,40}?)\s*([.:—–]|\s(?=\p{Lu}))/u.exec(paragraph);
  if (!m) return null;
  const name = classifyHeading(at(m, 1));
  if (!name) return null;
  // "Results show…" is prose; a run-in heading is followed by punctuation or a new capitalised sentence.
  if (m[2] === ' ' && !/^(abstract|summary|references|background)$/i.test(at(m, 1).trim())) return null;
  return { name, heading: at(m, 1).trim() };
}

/** Structured-abstract labels: a first-page paragraph opening with one of these is the abstract. */
export function isStructuredAbstractStart(paragraph: string): boolean {
  return /^(background|objectives?|purpose|aims?|context|importance|rationale)\s*[.:]/i.test(paragraph);
}

export function endsReferenceList(heading: string): boolean {
  return AFTER_REFERENCES.test(normaliseHeading(heading)) && classifyHeading(heading) !== 'references';
}

import { createHash } from 'node:crypto';
import { readPubtator, type PubtatorText } from '../pubtator-format';

/** BioRED's entity classes as written in its PubTator files. */
export const BIORED_CLASSES = [
  'GeneOrGeneProduct',
  'DiseaseOrPhenotypicFeature',
  'ChemicalEntity',
  'OrganismTaxon',
  'SequenceVariant',
  'CellLine',
] as const;
export type BioredClass = (typeof BIORED_CLASSES)[number];

export interface BioredMention {
  start: number;
  end: number;
  text: string;
  type: BioredClass;
  /** Concept ids (NCBI Gene, MeSH, NCBI Taxonomy, dbSNP / HGVS-like, Cellosaurus); several for a composite. */
  ids: string[];
}

export interface BioredRelation {
  type: string;
  a: string;
  b: string;
}

/** `text` is the title and abstract joined by one space: the offsets of `mentions` index into it. */
export interface BioredDoc extends PubtatorText {
  mentions: BioredMention[];
  relations: BioredRelation[];
}

const isClass = (s: string | undefined): s is BioredClass =>
  (BIORED_CLASSES as readonly string[]).includes(s ?? '');

export function parseBiored(content: string): BioredDoc[] {
  return readPubtator<BioredDoc>(
    content,
    (pmid) => ({ pmid, title: '', abstract: '', text: '', mentions: [], relations: [] }),
    (f, doc) => {
      if (f.length >= 6 && isClass(f[4])) {
        doc(f[0] ?? '').mentions.push({
          start: Number(f[1]),
          end: Number(f[2]),
          text: f[3] ?? '',
          type: f[4],
          // Variant ids contain "|" ("c|INS|5382|C"): composites are split on commas and semicolons only.
          ids: (f[5] ?? '').split(/[,;]/).filter((x) => x && x !== '-'),
        });
      } else if (f.length === 5) {
        doc(f[0] ?? '').relations.push({ type: f[1] ?? '', a: f[2] ?? '', b: f[3] ?? '' });
      }
    },
  );
}

/**
 * The held-out part of BioRED's 400 tuning abstracts: a quarter chosen by a hash of the PMID (its first
 * byte of SHA-256 divisible by 4), stable across runs and machines and unrelated to any property of the
 * text. Nothing learned from the data (scripts/) reads these; the bench prints figures on both parts.
 */
export function isBioredHeldOut(pmid: string): boolean {
  const first = createHash('sha256').update(pmid).digest()[0] ?? 0;
  return first % 4 === 0;
}

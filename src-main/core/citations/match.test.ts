import { describe, expect, it } from 'vitest';
import { createCitationIndex, surnameKey, type CitableDocument } from './match';
import { parseReference } from './reference-fields';

const docs: CitableDocument[] = [
  { id: 'expansion', title: 'Expansion microscopy', authors: ['Fei Chen'], year: 2015, doi: null },
  {
    id: 'nanoscale',
    title: 'Nanoscale imaging of RNA with expansion microscopy',
    authors: ['Fei Chen'],
    year: 2016,
    doi: '10.1038/nmeth.3899',
  },
  {
    id: 'frogs',
    title: 'Molecular Phylogenetics and Evolution of Fanged Frogs',
    authors: ['Emerson, Sharon B.'],
    year: 2000,
    doi: null,
  },
  {
    id: 'decoy',
    title: 'Molecular phylogenetics of toads',
    authors: ['Sharon B. Emerson'],
    year: 2000,
    doi: null,
  },
  {
    id: 'canids',
    title: 'Canids: foxes, wolves, jackals and dogs',
    authors: ['Claudio Sillero-Zubiri'],
    year: 2004,
    doi: null,
  },
];
const index = createCitationIndex(docs);
const match = (entry: string, citing?: string) =>
  index.match(parseReference(entry), citing)?.documentId ?? null;

describe('createCitationIndex', () => {
  it('matches by DOI first, whatever the title says', () => {
    expect(
      match(
        'Chen F, et al. 2016. Something else entirely. Nat Methods 13:679. DOI: https://doi.org/10.1038/nmeth.3899',
      ),
    ).toBe('nanoscale');
  });
  it('matches title, year and first author, ignoring case, accents and punctuation', () => {
    expect(
      match(
        '1. Emerson SB, Inger RF (2000) Molecular phylogenetics and evolution of fanged frogs. Mol Phylogenet Evol 16: 131.',
      ),
    ).toBe('frogs');
  });
  it('does not take a short title printed inside a longer one', () => {
    expect(
      match(
        'Chen F, Wassie AT. 2016. Nanoscale imaging of RNA with expansion microscopy. Nature Methods 13:679.',
      ),
    ).toBe('nanoscale');
    expect(match('Chen F, Tillberg PW. 2015. Optical imaging. Expansion Microscopy. Science 347:543.')).toBe(
      'expansion',
    );
  });
  it('refuses another year, another first author, or the citing document itself', () => {
    expect(
      match(
        'Emerson SB (2003) Molecular phylogenetics and evolution of fanged frogs. Mol Phylogenet Evol 16: 131.',
      ),
    ).toBeNull();
    expect(
      match(
        'Inger RF (2000) Molecular phylogenetics and evolution of fanged frogs. Mol Phylogenet Evol 16: 131.',
      ),
    ).toBeNull();
    expect(
      match(
        'Emerson SB (2000) Molecular phylogenetics and evolution of fanged frogs. Evol 16: 131.',
        'frogs',
      ),
    ).toBeNull();
  });
  it('forgives a misspelt surname', () => {
    expect(
      match('9. Sillero-Zubri C, Hoffmann M: Canids: Foxes, Wolves, Jackals And Dogs. Gland: IUCN; 2004.'),
    ).toBe('canids');
  });
});

describe('surnameKey', () => {
  it('reads the usual name shapes', () => {
    expect(surnameKey('Amara N. Okafor')).toBe('okafor');
    expect(surnameKey('Okafor, Amara N.')).toBe('okafor');
    expect(surnameKey('Okafor AN')).toBe('okafor');
    expect(surnameKey('Primož Poredoš')).toBe('poredos');
  });
});

import type { DocumentFacts } from '../../library/document-facts';
import { documentNonProse } from '../../nlp/evidence-span';
import { findAbbreviations } from '../../nlp/abbreviations';

/** A passage as the document's facts are read from: its text and where it starts in the document. */
export interface FactsPassage {
  text: string;
  charStart: number;
}

/**
 * The facts read off the document's passages once, in the ingest worker (wink-nlp and the abbreviation
 * finder are CPU work): the abbreviations its passages define (over the passages joined as resolution read
 * them) and its non-prose paragraphs (over the whole document: a table's cells often open the passage
 * after its caption).
 */
export function scanDocumentFacts(
  passages: FactsPassage[],
): Pick<DocumentFacts, 'abbreviations' | 'nonProse'> {
  const ordered = [...passages].sort((a, b) => a.charStart - b.charStart);
  return {
    abbreviations: findAbbreviations(ordered.map((c) => c.text).join('\n\n')).map(({ short, long }) => ({
      short,
      long,
    })),
    nonProse: documentNonProse(ordered.map((c) => ({ ...c, pageStart: 1, pageOffsets: [0] }))),
  };
}

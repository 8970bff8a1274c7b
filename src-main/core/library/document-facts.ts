import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AriadneError } from '../../contract/errors';
import { writeFileAtomic } from './atomic-file';

/**
 * What is true of a whole document, computed once when it is parsed and split (ingest/chunk/document-facts.ts)
 * and kept with it, so that a step reading one passage never re-reads or re-scans the rest: before, every
 * refined passage joined the whole document's text again and typed its non-prose paragraphs with wink-nlp
 * (a passage's commit cost grew with the document). Offsets are in the document's assembled text.
 */
export interface DocumentFacts {
  /** The document's own names (a reference record's authors, else the parsed ones): kept out of entities. */
  authors: string[];
  /** pageOffsets[i]: where page i + 1 starts in the text. */
  pageOffsets: number[];
  /** Recognised sections, with the page each starts on (the reference list's is an empty span). */
  sections: { name: string; heading: string; start: number; end: number; page: number }[];
  /** Abbreviations the document defines ("angiotensin-converting enzyme (ACE)"). */
  abbreviations: { short: string; long: string }[];
  /** Captions, table cells, affiliations and headings (nlp/prose.ts), which evidence does not quote. */
  nonProse: {
    kind: 'caption' | 'table' | 'affiliation' | 'heading';
    start: number;
    end: number;
    label?: string;
  }[];
  // The reference list, read into fields, is kept beside these by core/citations (reference-lists.ts).
}

const Span = { start: z.number().int(), end: z.number().int() };
const FactsFile = z.object({
  v: z.literal(1),
  authors: z.array(z.string()),
  pageOffsets: z.array(z.number().int()),
  sections: z.array(z.object({ name: z.string(), heading: z.string(), ...Span, page: z.number().int() })),
  abbreviations: z.array(z.object({ short: z.string(), long: z.string() })),
  nonProse: z.array(
    z.object({
      kind: z.enum(['caption', 'table', 'affiliation', 'heading']),
      ...Span,
      label: z.string().optional(),
    }),
  ),
});

/** One JSON file per document (`facts/<documentId>.json`), written when it is parsed, beside the graph. */
export interface DocumentFactsFiles {
  write(documentId: string, facts: DocumentFacts): Promise<void>;
  /** The document's facts, or null when there are none (read before they existed) or the file is unreadable. */
  read(documentId: string): Promise<DocumentFacts | null>;
  remove(documentId: string): Promise<void>;
}

const ID = /^[0-9a-f]{64}$/;

export function openDocumentFacts(dir: string): DocumentFactsFiles {
  const fileOf = (id: string) => {
    if (!ID.test(id)) throw new AriadneError('invalid_input', `Not a document id: ${id}`);
    return path.join(dir, `${id}.json`);
  };
  return {
    async write(id, facts) {
      const file = fileOf(id);
      await fs.promises.mkdir(dir, { recursive: true });
      await writeFileAtomic(file, JSON.stringify({ v: 1, ...facts }));
    },
    async read(id) {
      if (!ID.test(id)) return null;
      const raw = await fs.promises.readFile(fileOf(id), 'utf8').catch(() => null);
      if (raw === null) return null;
      try {
        const r = FactsFile.safeParse(JSON.parse(raw));
        if (!r.success) return null;
        const { v: _v, ...facts } = r.data;
        return facts;
      } catch {
        return null;
      }
    },
    async remove(id) {
      if (ID.test(id)) await fs.promises.rm(fileOf(id), { force: true });
    },
  };
}

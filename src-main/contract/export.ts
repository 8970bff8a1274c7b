import { z } from 'zod';
import { method } from './define';
import { GraphFilters } from './graph';
import { AnswerCitation } from './qa';

/** A file the user saves: its suggested name, media type and text. */
export const ExportFile = z.object({
  fileName: z.string(),
  mime: z.string(),
  text: z.string(),
});
export type ExportFile = z.infer<typeof ExportFile>;

export const GraphExportFormat = z.enum(['graphml', 'csv-nodes', 'csv-edges']);
export type GraphExportFormat = z.infer<typeof GraphExportFormat>;

export const GraphExportInput = z.object({
  format: GraphExportFormat,
  /** The current filter of the explorer; by default the whole graph up to `limit` entities. */
  filters: GraphFilters.default({ direction: 'both', minEvidence: 1 }),
  limit: z.number().int().min(1).max(50_000).default(50_000),
});

export const AnswerExportInput = z.object({
  question: z.string().max(10_000),
  answer: z.string().max(200_000),
  citations: z.array(AnswerCitation).max(500),
});

export const exportMethods = {
  'export:graph': method({
    input: GraphExportInput,
    output: ExportFile,
    summary:
      'The graph (or the current filter) as GraphML, or as CSV of nodes / of edges with evidence, document and page.',
  }),
  'export:evidence': method({
    input: z.object({ documentId: z.string().min(1) }),
    output: ExportFile,
    summary: "A document's evidence as CSV: source, relation, target, quote, page.",
  }),
  'export:answer': method({
    input: AnswerExportInput,
    output: ExportFile,
    summary: 'An answer as Markdown with a BibTeX bibliography of the documents it cites.',
  }),
  'export:bibtex': method({
    input: z.object({ documentIds: z.array(z.string()).max(10_000).optional() }),
    output: ExportFile,
    summary: 'BibTeX entries for the library (or the given documents).',
  }),
};

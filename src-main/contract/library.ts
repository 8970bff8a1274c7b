import { z } from 'zod';
import { Empty, Ok, method } from './define';
import { DocumentFailure, DocumentLanguage, DocumentOcr, OcrProgress } from './reading';

export const JobStatus = z.enum([
  'queued',
  'running',
  'done',
  'partially_failed',
  'failed',
  'cancelled',
  'dead_lettered',
]);
export type JobStatus = z.infer<typeof JobStatus>;

/** Where a document is in the pipeline; shown in the progress bar. */
export const IngestStage = z.enum([
  'queued',
  'parsing',
  'chunking',
  'summarizing',
  'extracting',
  'resolving',
  'persisting',
  /** Progressive ingestion: the document is searchable as drafted; the model is upgrading its passages. */
  'refining',
  'done',
]);
export type IngestStage = z.infer<typeof IngestStage>;

export const DocumentId = z.string().min(1).max(128);

/**
 * Progressive ingestion: the built-in engine's draft of a document is in the library first, then the model
 * refines it passage by passage. `refined` of `total` passages carry the model's reading; `state` is
 * `refined` once all of them do.
 */
export const ReadingState = z.object({
  state: z.enum(['draft', 'refined']),
  /** The chat model that refines (or refined) the document. */
  model: z.string(),
  refined: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ReadingState = z.infer<typeof ReadingState>;

export const DocumentSummary = z.object({
  id: DocumentId,
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  doi: z.string().nullable(),
  fileName: z.string(),
  kind: z.enum(['pdf', 'txt', 'md']),
  pages: z.number().int().nonnegative(),
  status: JobStatus,
  stage: IngestStage,
  chunksDone: z.number().int().nonnegative(),
  chunksTotal: z.number().int().nonnegative(),
  chunksFailed: z.number().int().nonnegative(),
  entities: z.number().int().nonnegative(),
  relationships: z.number().int().nonnegative(),
  /** Estimated time left, from measured throughput; null when unknown. */
  etaMs: z.number().nonnegative().nullable(),
  /** Plain-words error for failed or partially failed documents. */
  error: z.string().nullable(),
  addedAt: z.string(),
  /** The reference manager's record the document came with (Zotero), if any. */
  reference: z
    .object({
      source: z.literal('zotero'),
      itemKey: z.string(),
      tags: z.array(z.string()),
      collections: z.array(z.string()),
      /** Where the item was published, as the reference manager has it (BibTeX's journal, volume, …). */
      journal: z.string().nullable().optional(),
      volume: z.string().nullable().optional(),
      issue: z.string().nullable().optional(),
      pages: z.string().nullable().optional(),
      url: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** Draft → refined by the model, for a document read progressively; null when read in one pass. */
  reading: ReadingState.nullable().optional(),
  /** A failed document: why in one sentence, and the actions that can help. */
  failure: DocumentFailure.nullable().optional(),
  /** The language its text is in, when it could be told. */
  language: DocumentLanguage.nullable().optional(),
  /** Pages read by OCR and the engine's confidence; null when the text layer was read. */
  ocr: DocumentOcr.nullable().optional(),
  /** While OCR reads it: pages done of pages to read. */
  ocrProgress: OcrProgress.nullable().optional(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const ChunkError = z.object({
  chunkIndex: z.number().int(),
  step: z.string(),
  attempts: z.number().int(),
  error: z.string(),
});

export const DocumentDetail = DocumentSummary.extend({
  chunkErrors: z.array(ChunkError),
  sections: z.array(z.object({ name: z.string(), page: z.number().int() })),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** A rectangle on a PDF page in user space, relative to the bottom-left corner of the page's view box. */
export const PassageBox = z.object({
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type PassageBox = z.infer<typeof PassageBox>;

/** Electron passes filesystem paths (webUtils); the browser UI uploads the bytes. */
export const ImportInput = z
  .object({
    paths: z.array(z.string().min(1)).max(10_000).optional(),
    files: z
      .array(z.object({ name: z.string().min(1).max(512), dataBase64: z.string() }))
      .max(200)
      .optional(),
  })
  .refine((v) => (v.paths?.length ?? 0) + (v.files?.length ?? 0) > 0, 'Give at least one path or file.');

export const ImportResult = z.object({
  /** `updated`: a changed file at a path already imported, which replaced its earlier document. */
  added: z.array(
    z.object({
      id: DocumentId,
      fileName: z.string(),
      duplicate: z.boolean(),
      updated: z.boolean().optional(),
    }),
  ),
  /** Files refused: not added at all (an unsupported type). */
  rejected: z.array(z.object({ fileName: z.string(), reason: z.string() })),
  /** Files recorded as failed documents at once, without waiting in the queue (not a PDF, locked). */
  failed: z.array(z.object({ id: DocumentId, fileName: z.string(), reason: z.string() })).optional(),
});

/**
 * What a batch would cost before it is imported: the files by path (Electron, CLI) or by name and size
 * (browser uploads, with the first file's bytes when the model's speed must be probed on its first passage).
 */
export const EstimateInput = z
  .object({
    paths: z.array(z.string().min(1)).max(10_000).optional(),
    files: z
      .array(
        z.object({
          name: z.string().min(1).max(512),
          size: z.number().int().nonnegative(),
          dataBase64: z.string().optional(),
        }),
      )
      .max(10_000)
      .optional(),
    /**
     * Time an unmeasured model with one call on the first passage (default). False when nobody will be
     * asked (a script, `--yes`): the estimate then assumes a typical speed and costs no model call.
     */
    probe: z.boolean().optional(),
  })
  .refine((v) => (v.paths?.length ?? 0) + (v.files?.length ?? 0) > 0, 'Give at least one path or file.');

export const ImportEstimate = z.object({
  provider: z.string(),
  /** The chat model the batch would be read with; null with the built-in engine. */
  model: z.string().nullable(),
  documents: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  chars: z.number().int().nonnegative(),
  passages: z.number().int().nonnegative(),
  modelCalls: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  wallMs: z.number().nonnegative(),
  /**
   * Where the model's speed came from: calls measured in this library, a probe made just now (one real call on
   * the batch's first passage), an assumption (the probe failed), or the built-in engine's own rate.
   */
  basis: z.enum(['measured', 'probe', 'assumed', 'builtin']),
  msPerCall: z.number().nonnegative().nullable(),
  outputTokensPerSecond: z.number().nonnegative().nullable(),
  /** Settings "ask before indexing above" in minutes; the batch needs a confirmation when it takes longer. */
  thresholdMinutes: z.number().nonnegative(),
  confirm: z.boolean(),
  /** "2 documents, ~38 passages: ~38 model calls, ~120k tokens, ~14 min with llama3.1:8b". */
  summary: z.string(),
  /** How pages and characters were counted, in a sentence. */
  method: z.string(),
  rejected: z.array(z.object({ fileName: z.string(), reason: z.string() })),
});
export type ImportEstimate = z.infer<typeof ImportEstimate>;

export const ZoteroImportResult = z.object({
  /** Items found in the Zotero source (notes and attachments aside). */
  items: z.number().int(),
  added: z.array(
    z.object({ id: DocumentId, fileName: z.string(), duplicate: z.boolean(), itemKey: z.string() }),
  ),
  /** Items imported before (same Zotero key): skipped. */
  known: z.number().int(),
  /** Items whose file was already in the library: its record now carries Zotero's metadata. */
  updated: z.number().int().optional(),
  /** Titles of items with no attached PDF, .txt or .md file. */
  withoutFile: z.array(z.string()),
  rejected: z.array(z.object({ fileName: z.string(), reason: z.string() })),
});
export type ZoteroImportResult = z.infer<typeof ZoteroImportResult>;

export const IngestProgress = z.object({
  documentId: DocumentId,
  status: JobStatus,
  stage: IngestStage,
  chunksDone: z.number().int(),
  chunksTotal: z.number().int(),
  chunksFailed: z.number().int(),
  etaMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type IngestProgress = z.infer<typeof IngestProgress>;

export const QueueStatus = z.object({
  paused: z.boolean(),
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  capacity: z.number().int(),
  counters: z.object({
    schemaInvalid: z.number().int(),
    upstreamErrors: z.number().int(),
    llmCalls: z.number().int(),
  }),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

const ById = z.object({ documentId: DocumentId });

export const libraryMethods = {
  'library:list': method({
    input: Empty,
    output: z.object({ documents: z.array(DocumentSummary) }),
    summary: 'Documents with their status and progress.',
  }),
  'library:document': method({
    input: ById,
    output: DocumentDetail,
    summary: 'One document with its per-chunk errors.',
  }),
  'library:import': method({
    input: ImportInput,
    output: ImportResult,
    summary: 'Add files or folders; duplicates are recognised by content.',
  }),
  'library:estimate': method({
    input: EstimateInput,
    output: ImportEstimate,
    summary:
      "Model calls, tokens and time a batch would take, from the model's measured speed (probed on the first passage when unmeasured); whether to ask before importing it.",
  }),
  'library:import-zotero': method({
    input: z.object({ source: z.string().min(1).max(4096) }),
    output: ZoteroImportResult,
    summary:
      'Import the PDFs of a Zotero library (its data folder, or a Better BibTeX / CSL-JSON export) with their Zotero metadata; known items are skipped.',
  }),
  'library:delete': method({
    input: ById,
    output: Ok,
    summary: 'Delete a document with its evidence and the entities left without evidence.',
  }),
  'library:reingest': method({
    input: ById,
    output: Ok,
    summary: 'Process a document again from the start.',
  }),
  'library:retry-failed': method({
    input: ById,
    output: Ok,
    summary: 'Retry the chunks that ran out of retries.',
  }),
  'library:file': method({
    input: ById,
    output: z.object({ fileName: z.string(), kind: z.enum(['pdf', 'txt', 'md']), dataBase64: z.string() }),
    summary: "The library's copy of the original file, for the viewer.",
  }),
  'library:passage-boxes': method({
    input: z.object({
      documentId: DocumentId,
      start: z.number().int().nonnegative(),
      end: z.number().int().nonnegative(),
    }),
    output: z.object({ boxes: z.array(PassageBox) }),
    summary:
      "Where the document's text [start, end) is printed: one box per line, in reading order (empty without geometry: a text file, or a PDF read by an older version).",
  }),
  'queue:status': method({
    input: Empty,
    output: QueueStatus,
    summary: 'Queue counts, pause state and LLM error counters.',
  }),
  'queue:pause': method({ input: Empty, output: Ok, summary: 'Pause ingestion after the calls in flight.' }),
  'queue:resume': method({ input: Empty, output: Ok, summary: 'Resume ingestion.' }),
  'queue:cancel': method({ input: ById, output: Ok, summary: "Cancel a document's job." }),
};

export const libraryEvents = {
  'ingest:progress': IngestProgress,
  'library:changed': z.object({ documentIds: z.array(DocumentId) }),
};

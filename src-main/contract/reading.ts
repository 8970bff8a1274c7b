import { z } from 'zod';
import { Ok, method } from './define';

/** What a failed document's row offers (only what can help). */
export const FailureAction = z.enum(['password', 'ocr', 'retry', 'retry-passages', 'show-file', 'remove']);
export type FailureAction = z.infer<typeof FailureAction>;

/** Why a document failed, in one sentence that says what to do, and the actions that can help. */
export const DocumentFailure = z.object({
  kind: z.enum(['password', 'no-text', 'unreadable', 'too-large', 'parse', 'passages', 'other']),
  message: z.string(),
  actions: z.array(FailureAction),
});
export type DocumentFailure = z.infer<typeof DocumentFailure>;

/** The language a document's text is in (ISO 639-3 code and English name). */
export const DocumentLanguage = z.object({ code: z.string(), name: z.string() });

/** Pages read by OCR, why, and the engine's mean word confidence (0–100). */
export const DocumentOcr = z.object({
  pages: z.array(z.number().int()),
  reason: z.enum(['no-text', 'garbled', 'mixed', 'requested']),
  confidence: z.number(),
  language: z.string(),
});

/** OCR's progress while a document is read: pages done of the pages it reads. */
export const OcrProgress = z.object({ done: z.number().int(), total: z.number().int() });

const ById = z.object({ documentId: z.string().min(1).max(128) });

export const readingMethods = {
  'library:unlock': method({
    // The password is used for one reading and never stored or logged.
    input: ById.extend({ password: z.string().min(1).max(1024) }),
    output: Ok,
    summary: 'Read an encrypted PDF again with its password (used once, never stored).',
  }),
  'library:read-with-ocr': method({
    input: ById,
    output: Ok,
    summary: 'Read a PDF again with every page read by OCR (for a text layer that is missing or nonsense).',
  }),
};

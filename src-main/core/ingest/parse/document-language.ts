import { detectLanguage } from './language';
import type { ParsedDocument } from './types';

/** The parsed document with the language of its text; run in the worker that parsed it. */
export function withLanguage(doc: ParsedDocument): ParsedDocument {
  return { ...doc, language: detectLanguage(doc.text) };
}

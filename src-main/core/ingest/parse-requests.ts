import type { Parser } from './parse/parse-in-worker';

/**
 * What the user asked for the next reading of a document: a password for an encrypted PDF, or OCR of every
 * page. Held in memory only and taken by the parse that reads the document, so a password is used once and
 * is never written anywhere: not in the job (which is persisted), the log, the library's files or an error.
 * A restart forgets it: the document stays "password-protected" and asks again.
 */
export interface ParseRequest {
  password?: string;
  ocr?: 'all';
}

export interface ParseRequests {
  set(documentId: string, request: ParseRequest): void;
  /** The request for a document, removed as it is taken. */
  take(documentId: string | undefined): ParseRequest;
  /** OCR's progress on a document being read: pages done of pages to read. */
  ocrProgress(documentId: string): { done: number; total: number } | undefined;
  setOcrProgress(documentId: string, progress: { done: number; total: number } | null): void;
}

export function createParseRequests(): ParseRequests {
  const requests = new Map<string, ParseRequest>();
  const progress = new Map<string, { done: number; total: number }>();
  return {
    set: (id, r) => void requests.set(id, { ...requests.get(id), ...r }),
    take(id) {
      if (!id) return {};
      const r = requests.get(id) ?? {};
      requests.delete(id);
      return r;
    },
    ocrProgress: (id) => progress.get(id),
    setOcrProgress: (id, p) => void (p ? progress.set(id, p) : progress.delete(id)),
  };
}

/**
 * `parser` reading each document with what the user asked for it (taken once), keeping OCR's progress on
 * the document for its row and calling `onOcrProgress` with the document whose progress moved.
 */
export function parserTakingRequests(
  parser: Parser,
  requests: ParseRequests,
  onOcrProgress: (documentId: string) => void,
): Parser {
  return {
    ...parser,
    async parseBytes(bytes, kind, options = {}) {
      const doc = options.document;
      const asked = requests.take(doc);
      const onProgress = (done: number, total: number) => {
        options.onOcrProgress?.(done, total);
        if (!doc) return;
        requests.setOcrProgress(doc, { done, total });
        onOcrProgress(doc);
      };
      try {
        return await parser.parseBytes(bytes, kind, { ...options, ...asked, onOcrProgress: onProgress });
      } finally {
        if (doc) requests.setOcrProgress(doc, null);
      }
    },
  };
}

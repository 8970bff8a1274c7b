import type { DocumentFailure, FailureAction } from '../../contract/reading';
import { PARSE_MESSAGES } from './parse/pdf';

/**
 * What a failed document's row says and offers: the reason in one sentence that says what to do, and only
 * the actions that can help — a password for a locked PDF, OCR for a PDF without a text layer, retrying what
 * a model or the machine failed at, and always removing it or looking at the file. Derived from the error
 * the parse or the job ended with, so libraries read before this existed get it too.
 */
export function describeFailure(d: {
  status: string;
  error: string | null;
  kind: 'pdf' | 'txt' | 'md';
  chunksFailed: number;
}): DocumentFailure | null {
  if (d.status !== 'failed' && d.status !== 'dead_lettered' && d.status !== 'partially_failed') return null;
  const e = d.error ?? '';
  const f = (kind: DocumentFailure['kind'], message: string, actions: FailureAction[]): DocumentFailure => ({
    kind,
    message,
    actions,
  });
  if (d.status === 'partially_failed' || (d.chunksFailed > 0 && !e))
    return f(
      'passages',
      `${d.chunksFailed > 0 ? `${d.chunksFailed} passage${d.chunksFailed > 1 ? 's' : ''} failed` : 'Some passages failed'}: retry them, or see the details for what went wrong.`,
      ['retry-passages', 'remove'],
    );
  if (e === PARSE_MESSAGES.encrypted)
    return f('password', 'This PDF is locked with a password: enter it to read the document.', [
      'password',
      'remove',
    ]);
  if (e === PARSE_MESSAGES.wrongPassword)
    return f('password', 'The password was wrong: enter the document’s password again.', [
      'password',
      'remove',
    ]);
  if (e === PARSE_MESSAGES.scanned)
    return f('no-text', 'This PDF has no text layer (a scan): read its pages with OCR.', [
      'ocr',
      'show-file',
      'remove',
    ]);
  if (e.startsWith('no text layer, and OCR found no text'))
    return f(
      'no-text',
      'No text was found on its pages, even by OCR: check that the file holds the paper, not only images.',
      ['show-file', 'remove'],
    );
  if (e === PARSE_MESSAGES.corrupt || e === PARSE_MESSAGES.truncated || e.startsWith('not a PDF'))
    return f(
      'unreadable',
      `This file is not a readable PDF (${e}): it may be damaged or incomplete; download it again and add the new copy.`,
      ['show-file', 'remove'],
    );
  if (/^too many pages|too large|split it/.test(e))
    return f('too-large', `This file is too large to read (${e}): split it into smaller files.`, [
      'show-file',
      'remove',
    ]);
  if (/^timed out|past its .* budget|out of memory|parser crashed|parser exited/.test(e))
    return f(
      'parse',
      `Reading the file failed (${e}): try again when the machine is less busy, or split the file.`,
      ['retry', 'show-file', 'remove'],
    );
  return f('other', `${e || 'Reading failed'}: try again; if it fails again, remove the document.`, [
    'retry',
    'show-file',
    'remove',
  ]);
}

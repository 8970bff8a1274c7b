import type { DocumentSummary } from '../contract/library';
import { printable } from './printable';

/**
 * Where a progressively read document is: ", draft → refined by qwen2.5:7b 3/7 passages" while the model
 * upgrades it, ", refined by qwen2.5:7b" once it has; nothing for a one-pass reading.
 */
export function readingNote(d: Pick<DocumentSummary, 'reading'>): string {
  const r = d.reading;
  if (!r) return '';
  const model = printable(r.model);
  return r.state === 'refined'
    ? `, refined by ${model}`
    : `, draft → refined by ${model} ${r.refined}/${r.total} passages`;
}

import type { ReadingState } from '../../src-main/contract/library';

/** "about 3 min", "40 s": ETAs are estimates, so round them the way a person would say them. */
export function formatEta(ms: number | null): string {
  if (ms == null) return '';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${Math.max(1, s)} s left`;
  const m = Math.round(s / 60);
  if (m < 60) return `about ${m} min left`;
  return `about ${Math.round((m / 60) * 10) / 10} h left`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/**
 * Progressive ingestion: "Draft → refined by qwen2.5:7b (3/7 passages)" while the model upgrades the
 * built-in engine's reading, "Refined by qwen2.5:7b" once every passage carries the model's.
 */
/**
 * Whose reading a progressive document holds. `withCount` adds the refined passages; a row that already
 * shows its progress line ("passages 1/5") leaves it out rather than say it twice.
 */
export function readingLabel(r: ReadingState, withCount = true): string {
  if (r.state === 'refined') return `Refined by ${r.model}`;
  const label = `Draft → refined by ${r.model}`;
  return withCount ? `${label} (${r.refined}/${plural(r.total, 'passage')})` : label;
}

export const STAGE_LABEL: Record<string, string> = {
  queued: 'Waiting in the queue',
  parsing: 'Reading the PDF',
  chunking: 'Cutting into passages',
  summarizing: 'Summarising passages',
  extracting: 'Finding entities and relationships',
  resolving: 'Merging duplicate entities',
  persisting: 'Saving to the graph',
  refining: 'Searchable now; the model is refining it',
  done: 'Done',
};

export const STATUS_LABEL: Record<string, string> = {
  queued: 'Queued',
  running: 'Working',
  done: 'Ready',
  partially_failed: 'Partly failed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  dead_lettered: 'Gave up',
};

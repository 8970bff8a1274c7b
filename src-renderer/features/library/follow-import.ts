import { useLibraryStore } from '../../stores/library-store';
import { useNoticeStore } from '../../stores/notice-store';

const FINAL = new Set(['done', 'partially_failed', 'failed', 'cancelled', 'dead_lettered']);
/** Stop following after this long: a batch still reading then is followed by its rows alone. */
const FOLLOW_MS = 30 * 60_000;

/**
 * Watches an import's documents until each is read, then, if any failed while being read, says so in one
 * toast ("1 of 3 failed while being read: scan.pdf — No text was found…"): the import's own toast could
 * only count what the import knew.
 */
export function followImport(ids: string[]): void {
  if (!ids.length) return;
  const want = new Set(ids);
  const started = Date.now();
  const unsubscribe = useLibraryStore.subscribe((state) => {
    const docs = state.documents.filter((d) => want.has(d.id));
    const timedOut = Date.now() - started > FOLLOW_MS;
    if (!timedOut && (docs.length < want.size || docs.some((d) => !FINAL.has(d.status)))) return;
    unsubscribe();
    const failed = docs.filter((d) => d.status === 'failed' || d.status === 'dead_lettered');
    if (!failed.length) return;
    const what = failed.map((d) => `${d.fileName} — ${d.failure?.message ?? d.error ?? 'failed'}`).join('; ');
    useNoticeStore
      .getState()
      .push('error', `${failed.length} of ${want.size} failed while being read: ${what}`);
  });
}

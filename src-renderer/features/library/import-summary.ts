import type { UiOutput } from '../../api/rpc';

type ImportResult = UiOutput<'library:import'>;
type ZoteroResult = UiOutput<'library:import-zotero'>;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const reasons = (list: { fileName: string; reason: string }[]) =>
  list.map((x) => `${x.fileName}: ${x.reason}`).join('; ');

/**
 * The import's toast: added, updated, duplicates and failed, each counted on its own, and the reason of each
 * failure ("2 added · 1 updated · 1 already in the library (a.pdf) · 2 failed (b.pdf: password-protected;
 * c.pdf: not a PDF / corrupt)"). `failed` when nothing new came in; `partly` when something failed.
 */
export function summariseImport(r: ImportResult): { text: string; failed: boolean; partly: boolean } {
  const fresh = r.added.filter((a) => !a.duplicate && !a.updated).length;
  const updated = r.added.filter((a) => !a.duplicate && a.updated).length;
  const dup = r.added.filter((a) => a.duplicate);
  const failures = [...(r.failed ?? []), ...r.rejected];
  const parts: string[] = [];
  if (fresh) parts.push(`${count(fresh, 'document')} added`);
  if (updated) parts.push(`${count(updated, 'document')} updated`);
  if (dup.length)
    parts.push(`${dup.length} already in the library (${dup.map((d) => d.fileName).join(', ')})`);
  if (failures.length) parts.push(`${failures.length} failed (${reasons(failures)})`);
  return {
    text: parts.join(' · ') || 'Nothing to add.',
    failed: fresh + updated + dup.length === 0,
    partly: failures.length > 0,
  };
}

/** The Zotero import's toast: "Zotero: 1 added, 1 updated, 2 already imported, 1 without a PDF, 1 failed". */
export function summariseZotero(r: ZoteroResult): { text: string; failed: boolean } {
  const fresh = r.added.filter((a) => !a.duplicate).length;
  const updated = r.updated ?? r.added.filter((a) => a.duplicate).length;
  const parts = [
    `${fresh} added`,
    updated ? `${updated} updated` : '',
    r.known ? `${r.known} already imported` : '',
    r.withoutFile.length ? `${r.withoutFile.length} without a PDF` : '',
    r.rejected.length ? `${r.rejected.length} failed (${reasons(r.rejected)})` : '',
  ].filter(Boolean);
  return { text: `Zotero: ${parts.join(', ')}.`, failed: r.rejected.length > 0 };
}

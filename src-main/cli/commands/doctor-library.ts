import type { HealthCheck } from '../../contract';
import type { Core } from '../../core/create-core';

const REPAIR =
  '`ariadne repair` sets the damaged files aside and rebuilds the library from its newest snapshot and stored ' +
  'originals; `ariadne restore latest` goes back to the newest snapshot as it was.';

/**
 * The library's files, checked before anything opens them in this process: the graph read whole in a child
 * process (a damaged page crashed every command), its commit count against the record, checkpoint backups
 * set aside, and the snapshots there are to go back to. `bootable` is false when opening would fail.
 */
export async function libraryFileChecks(
  dataDir: string,
): Promise<{ checks: HealthCheck[]; bootable: boolean }> {
  const { lockHolder } = await import('../../core/library/lock');
  const { checkLibraryGraph } = await import('../../core/library/integrity');
  const { listSnapshots } = await import('../../core/library/snapshots');
  const checks: HealthCheck[] = [];
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    checks.push({
      name: 'graph',
      ok: true,
      detail: `graph: in use by process ${holder}, which checked it when it opened the library`,
    });
    return { checks, bootable: true };
  }
  const graph = await checkLibraryGraph(dataDir);
  if (graph)
    checks.push({ name: 'graph', ok: graph.ok, detail: graph.detail, fix: graph.ok ? undefined : REPAIR });
  for (const dir of graph?.setAside ?? [])
    checks.push({
      name: 'checkpoint-backup',
      ok: true,
      detail: `a checkpoint backup that was not this library's last state was set aside, unapplied: ${dir}`,
      fix: 'Delete that folder once the library looks right.',
    });
  const snapshots = listSnapshots(dataDir);
  const newest = snapshots[0];
  checks.push({
    name: 'snapshots',
    ok: true,
    detail: newest
      ? `snapshots: ${snapshots.length}, the newest ${newest.createdAt} (${newest.reason}, ${newest.documents} documents)`
      : 'snapshots: none yet (one is taken before each import batch)',
  });
  return { checks, bootable: graph?.ok ?? true };
}

/** What the open vector index lacks or holds from another model (repair or a restart of `serve` rebuilds). */
export async function vectorChecks(core: Core): Promise<HealthCheck[]> {
  const report = await core.stores.reconciled();
  const missing = Object.entries(report.missing).filter(([, ids]) => ids.length);
  const recorded = core.stores.vectors.embedding();
  const model = core.deps.llm.embedModel;
  const checks: HealthCheck[] = [];
  if (missing.length)
    checks.push({
      name: 'vectors-missing',
      ok: false,
      detail: `the vector index lacks ${missing.map(([t, ids]) => `${ids.length} ${t}`).join(', ')} the graph holds`,
      fix: '`ariadne repair` embeds them again from the graph (`ariadne serve` and the app do it when they start).',
    });
  if (recorded && model && recorded.model !== model)
    checks.push({
      name: 'vectors-model',
      ok: false,
      detail: `the vectors were made with ${recorded.model}; the embedding model is now ${model}`,
      fix: '`ariadne repair` embeds everything again with the new model (`ariadne serve` and the app do it when they start).',
    });
  return checks;
}

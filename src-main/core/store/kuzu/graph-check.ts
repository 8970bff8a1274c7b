import fs from 'node:fs';
import path from 'node:path';
import { filesChanged, readGraphState, walDiffers } from './graph-state';
import { probeGraph } from './integrity-probe';

/** What `doctor` and `repair` learn of a library's graph without opening it in their own process. */
export interface GraphCheck {
  ok: boolean;
  /** One line: what was read, or what is wrong. */
  detail: string;
  /** The files changed behind the store's back, in words, or null. */
  changed: string | null;
  /** Checkpoint backups set aside on an open, unapplied (see checkpoint-guard.ts). */
  setAside: string[];
}

/**
 * Reads the whole graph read-only in a child process (integrity-probe.ts) and compares its commit count
 * with the record (graph-state.ts). Never opens Kùzu here, so a damaged page cannot take the caller down.
 */
export async function checkKuzuGraph(dbPath: string): Promise<GraphCheck> {
  const dir = path.dirname(dbPath);
  const setAside = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(`${path.basename(dbPath)}.checkpoint-backup.set-aside-`))
    .map((n) => path.join(dir, n));
  if (!fs.existsSync(dbPath))
    return { ok: true, detail: 'graph: none yet (an empty library)', changed: null, setAside };
  const recorded = readGraphState(dbPath);
  const changed = recorded ? filesChanged(dbPath, recorded) : null;
  if (recorded && changed && walDiffers(dbPath, recorded))
    return {
      ok: false,
      detail: `the graph is damaged: ${changed}, its contents differ from those recorded when it was closed`,
      changed,
      setAside,
    };
  const probe = await probeGraph(dbPath);
  const seconds = (probe.ms / 1000).toFixed(1);
  if (!probe.ok)
    return {
      ok: false,
      detail: `the graph is damaged: ${probe.problem}${changed ? ` (${changed})` : ''}`,
      changed,
      setAside,
    };
  if (recorded && (probe.generation ?? -1) < recorded.generation) {
    const found = Math.max(0, probe.generation ?? 0);
    return {
      ok: false,
      detail: `the graph is behind its record: ${found} of ${recorded.generation} commits${changed ? ` (${changed})` : ''}; the last ${recorded.generation - found} are lost from the files`,
      changed,
      setAside,
    };
  }
  return {
    ok: true,
    detail: `graph: ${probe.tables} tables, ${probe.rows} rows read in ${seconds} s${recorded ? `; ${recorded.generation} commits, as recorded` : ''}`,
    changed,
    setAside,
  };
}

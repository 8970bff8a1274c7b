import { useState } from 'react';
import type { GraphExportFormat } from '../../../src-main/contract/export';
import { describeError, useRpc } from '../../api/rpc';
import { Popover } from '../../components/Popover';
import { saveFile } from '../../lib/save-file';
import { useGraphStore } from '../../stores/graph-store';
import { useNoticeStore } from '../../stores/notice-store';

const FORMATS: { v: GraphExportFormat; label: string }[] = [
  { v: 'graphml', label: 'GraphML (Gephi, Cytoscape, yEd)' },
  { v: 'csv-nodes', label: 'Entities as CSV' },
  { v: 'csv-edges', label: 'Relationships with evidence as CSV' },
];

/** Exports what the filters keep: types, minimum evidence and document, as the explorer shows them. */
export function ExportMenu() {
  const api = useRpc();
  const filters = useGraphStore((s) => s.filters);
  const [busy, setBusy] = useState(false);
  const run = async (format: GraphExportFormat) => {
    setBusy(true);
    try {
      const file = await api.call('export:graph', {
        format,
        limit: 50_000,
        filters: {
          direction: 'both',
          minEvidence: filters.minEvidence,
          ...(filters.types.length ? { entityTypes: filters.types } : {}),
          ...(filters.documentId ? { documentIds: [filters.documentId] } : {}),
        },
      });
      saveFile(file);
      useNoticeStore.getState().push('ok', `Exported ${file.fileName}.`);
    } catch (e) {
      useNoticeStore.getState().push('error', `The export failed: ${describeError(e).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover label={busy ? 'Exporting…' : 'Export'} className="popover-end">
      <div className="menu-list" role="group" aria-label="Export the graph">
        {FORMATS.map((f) => (
          <button key={f.v} type="button" className="menu-item" disabled={busy} onClick={() => void run(f.v)}>
            {f.label}
          </button>
        ))}
      </div>
    </Popover>
  );
}

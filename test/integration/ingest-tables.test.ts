import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../../src-main/core/llm/builtin/builtin-provider';
import { TABLE_ROWS, makeTablePaper } from '../fixtures/table-paper';
import { ctx, ingestAll, openCore, tempDir } from './ingest/harness';

/**
 * The table pass (ingest/pipeline/table-pass.ts): a table's caption and cells become evidence, cited by the
 * table's label and page like any quote from a table, in a generated PDF read by the built-in engine.
 */
describe('tables as evidence', () => {
  it('links what a row names to what its caption names, citing its cells as "Table 1, p. 1"', async () => {
    const dir = tempDir('ariadne-tables-');
    const file = path.join(dir, 'table-paper.pdf');
    fs.writeFileSync(file, await makeTablePaper());
    const core = await openCore(path.join(dir, 'lib'), createBuiltinProvider());
    try {
      const { jobs } = await ingestAll(core, [file]);
      expect(jobs.map((j) => j.status)).toEqual(['done']);
      const { entities } = await core.handlers['graph:entities']({ limit: 200 }, ctx());
      const id = (name: string) => entities.find((e) => e.name.toLowerCase() === name)?.id;
      const [rapamycin, hepatocytes] = [id('rapamycin'), id('hepatocytes')];
      expect(rapamycin && hepatocytes, entities.map((e) => e.name).join(', ')).toBeTruthy();
      const { evidence } = await core.handlers['graph:edge-evidence'](
        { source: rapamycin!, target: hepatocytes! },
        ctx(),
      );
      const fromTable = evidence.filter((e) => e.keywords.includes('table'));
      expect(fromTable).toHaveLength(1);
      // The parser reads the rows as one paragraph of cells: that paragraph is the quote.
      expect(fromTable[0]!.citation).toMatchObject({
        quote: TABLE_ROWS.join(' '),
        label: 'Table 1',
        page: 1,
      });
      // Rapamycin is named nowhere but in the table: without the pass it had no evidence at all.
      expect(evidence).toHaveLength(1);
    } finally {
      await core.close();
    }
  });
});

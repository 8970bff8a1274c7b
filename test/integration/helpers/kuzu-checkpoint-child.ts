/**
 * Child process for the checkpoint-guard test: writes batches shaped like extraction results (nodes with an
 * INT64 key, string-keyed nodes, relationships between them) straight through the store's Kùzu layer, with a
 * tiny WAL limit so that a guarded checkpoint follows almost every transaction, and every third batch a bulk
 * write (COPY), until it is killed.
 *   node --import tsx kuzu-checkpoint-child.ts <dbPath>
 */
import { openKuzu } from '../../../src-main/core/store/kuzu/kuzu-db';
import { createRels } from '../../../src-main/core/store/kuzu/rels';

const [dbPath] = process.argv.slice(2) as [string];
const db = await openKuzu(dbPath, { checkpointWalBytes: 1 });
await db.autoWrite(async (r) => {
  const tables = (await r.query('CALL show_tables() RETURN name')).map((t) => String(t.name));
  if (tables.includes('Item')) return;
  await r.query('CREATE NODE TABLE Counter(key STRING PRIMARY KEY, value INT64)');
  await r.query('CREATE NODE TABLE Thing(id STRING PRIMARY KEY, name STRING)');
  await r.query('CREATE NODE TABLE Item(k INT64 PRIMARY KEY, text STRING)');
  await r.query('CREATE REL TABLE LINK(FROM Thing TO Thing, k INT64)');
});
process.stdout.write('ready\n');
for (let batch = 0; ; batch++) {
  await db.write(
    async (r) => {
      const rows = await r.query(
        "MERGE (c:Counter {key: 'seq'}) ON CREATE SET c.value = 0 RETURN c.value AS v",
      );
      const base = Number(rows[0]!.v);
      await r.query("MATCH (c:Counter {key: 'seq'}) SET c.value = $v", { v: base + 12 });
      const things = Array.from({ length: 4 }, (_, i) => `thing-${process.pid}-${batch}-${i}`);
      await r.query('UNWIND $ids AS i CREATE (:Thing {id: i, name: i})', { ids: things });
      const items = Array.from({ length: 12 }, (_, i) => ({
        k: base + i,
        text: 'evidence sentence '.repeat(10),
      }));
      await r.query('UNWIND $rows AS x CREATE (:Item {k: x.k, text: x.text})', { rows: items });
      await createRels(
        r,
        { rel: 'LINK', from: 'Thing', to: 'Thing', props: ['k'] },
        items.map((x, i) => ({ from: things[i % 4]!, to: things[(i + 1) % 4]!, k: x.k })),
      );
      // Every third batch in bulk: COPY, whose COMMIT checkpoints under the guard.
    },
    { bulk: batch % 3 === 2 },
  );
  process.stdout.write(`committed ${batch}\n`);
}

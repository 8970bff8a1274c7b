import { AriadneError } from '../../../contract/errors';
import type { KuzuDb, KuzuRunner } from './kuzu-db';
import { at } from '../../at';

/**
 * The graph schema of docs/ARCHITECTURE.md ("The graph schema"), as numbered migrations. A migration runs once, in its own transaction, and
 * bumps `Meta{key:'schemaVersion'}`; opening a library runs whatever is missing. Never edit a shipped
 * migration: add the next one.
 *
 * Empty lists: Kùzu stores an empty STRING[] parameter as NULL, so readers coalesce lists to [].
 */
export interface Migration {
  version: number;
  /** Run in one transaction together with the version bump. */
  statements: string[];
  /** Run afterwards outside a transaction (Kùzu allows index creation only there); must tolerate re-runs. */
  auto?: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    statements: [
      'CREATE NODE TABLE IF NOT EXISTS Meta(key STRING PRIMARY KEY, value STRING)',
      `CREATE NODE TABLE IF NOT EXISTS Document(id STRING PRIMARY KEY, title STRING, authors STRING[], year INT64,
        doi STRING, pages INT64, status STRING, parserVersion STRING, fileName STRING, originalPath STRING,
        createdAt INT64, updatedAt INT64)`,
      // pageOffsets[k] = chunk-relative character offset at which page (pageStart + k) begins.
      // evidenceKeys: the keys of the Evidence nodes extracted from this chunk (see evidence-rows.ts).
      `CREATE NODE TABLE IF NOT EXISTS Chunk(id STRING PRIMARY KEY, docId STRING, idx INT64, text STRING,
        forwardSummary STRING, pageStart INT64, pageEnd INT64, charStart INT64, charEnd INT64, pageOffsets INT64[],
        evidenceKeys INT64[])`,
      // name/description/aliases/confidence/evidenceCount are derived from MENTIONS (see evidence.ts), so a
      // deleted document takes its contribution with it. pinnedName and extraAliases are the manual overrides.
      `CREATE NODE TABLE IF NOT EXISTS Entity(id STRING PRIMARY KEY, canonicalKey STRING, name STRING,
        pinnedName STRING, type STRING, description STRING, aliases STRING[], extraAliases STRING[],
        aliasText STRING, confidence DOUBLE, evidenceCount INT64, createdAt INT64)`,
      'CREATE NODE TABLE IF NOT EXISTS AtomicQuestion(id STRING PRIMARY KEY, chunkId STRING, docId STRING, text STRING)',
      `CREATE NODE TABLE IF NOT EXISTS Community(id STRING PRIMARY KEY, level INT64, title STRING, summary STRING,
        stale BOOLEAN, updatedAt INT64)`,
      `CREATE NODE TABLE IF NOT EXISTS Job(id STRING PRIMARY KEY, kind STRING, docId STRING, status STRING,
        attempts INT64, nextRunAt INT64, error STRING, payload STRING, createdAt INT64, updatedAt INT64)`,
      `CREATE NODE TABLE IF NOT EXISTS ChunkTask(id STRING PRIMARY KEY, jobId STRING, chunkIndex INT64, step STRING,
        status STRING, attempts INT64, nextRunAt INT64, error STRING, output STRING, updatedAt INT64)`,
      `CREATE NODE TABLE IF NOT EXISTS EntityMerge(id STRING PRIMARY KEY, survivorId STRING, mergedId STRING,
        mergedKey STRING, at INT64, undoneAt INT64, snapshot STRING)`,
      'CREATE REL TABLE IF NOT EXISTS HAS_CHUNK(FROM Document TO Chunk)',
      'CREATE REL TABLE IF NOT EXISTS NEXT(FROM Chunk TO Chunk)',
      // Evidence details live in nodes keyed by an INT64 sequence, and the MENTIONS / RELATED edges carry only
      // that key and numbers. Measured on Kùzu 0.11.3: 100k RELATED rows with STRING properties appended in 100
      // transactions take 409 MB; the same rows with only INT64 properties take 6.6 MB.
      'CREATE NODE TABLE IF NOT EXISTS Mention(k INT64 PRIMARY KEY, id STRING, docId STRING, surface STRING, description STRING)',
      `CREATE NODE TABLE IF NOT EXISTS Evidence(k INT64 PRIMARY KEY, id STRING, src STRING, dst STRING, keywords STRING[],
        description STRING, chunkId STRING, docId STRING, page INT64, confidence DOUBLE)`,
      'CREATE REL TABLE IF NOT EXISTS MENTIONS(FROM Chunk TO Entity, k INT64, confidence DOUBLE)',
      // One row per piece of evidence; its text (keywords, description, chunk, document, page) is Evidence{k}.
      'CREATE REL TABLE IF NOT EXISTS RELATED(FROM Entity TO Entity, k INT64, confidence DOUBLE)',
      'CREATE REL TABLE IF NOT EXISTS ANSWERS_IN(FROM AtomicQuestion TO Chunk)',
      'CREATE REL TABLE IF NOT EXISTS IN_COMMUNITY(FROM Entity TO Community)',
      'CREATE REL TABLE IF NOT EXISTS PARENT(FROM Community TO Community)',
    ],
    // No Kùzu fts index: in 0.11 updating an indexed column of a node created in the same transaction
    // kills the process, and ingestion does exactly that. Entity text search scans names (entities.ts).
  },
  {
    version: 2,
    // Provenance is an offset: every piece of evidence and every mention keeps the [start, end) of its own
    // sentence in the document text, and pageEnd for a sentence that runs onto the next page. -1 marks rows
    // written before this version; readers then find the sentence again in the stored chunk text.
    statements: [
      'ALTER TABLE Evidence ADD spanStart INT64 DEFAULT -1',
      'ALTER TABLE Evidence ADD spanEnd INT64 DEFAULT -1',
      'ALTER TABLE Evidence ADD pageEnd INT64 DEFAULT -1',
      'ALTER TABLE Mention ADD spanStart INT64 DEFAULT -1',
      'ALTER TABLE Mention ADD spanEnd INT64 DEFAULT -1',
    ],
  },
  {
    version: 3,
    // Papers are nodes too: a document's references matched to other documents of the library.
    statements: ['CREATE REL TABLE IF NOT EXISTS CITES(FROM Document TO Document, ref INT64)'],
  },
];

export const SCHEMA_VERSION = at(MIGRATIONS, MIGRATIONS.length - 1).version;

export async function currentSchemaVersion(r: KuzuRunner): Promise<number> {
  const tables = await r.query('CALL show_tables() RETURN name');
  if (!tables.some((t) => t.name === 'Meta')) return 0;
  const rows = await r.query("MATCH (m:Meta {key: 'schemaVersion'}) RETURN m.value AS v");
  const [row] = rows;
  return row ? Number(row.v) : 0;
}

export async function setSchemaVersion(r: KuzuRunner, version: number): Promise<void> {
  await r.query("MERGE (m:Meta {key: 'schemaVersion'}) SET m.value = $v", { v: String(version) });
}

/** Brings the graph schema up to date; returns the version found before migrating. */
export async function migrate(db: KuzuDb): Promise<{ from: number; to: number }> {
  const from = await db.read(currentSchemaVersion);
  if (from > SCHEMA_VERSION) {
    throw new AriadneError(
      'conflict',
      `This library was written by a newer Ariadne (schema ${from} > ${SCHEMA_VERSION}).`,
    );
  }
  for (const m of MIGRATIONS) {
    if (m.version <= from) continue;
    await db.write(async (r) => {
      for (const s of m.statements) await r.query(s);
    });
    for (const s of m.auto ?? []) {
      await db
        .autoWrite((r) => r.query(s))
        .catch((e: unknown) => {
          if (!/already exists/i.test(String((e as Error).message))) throw e;
        });
    }
    // Bumped last: a crash before this line re-runs the (idempotent) migration on the next open.
    await db.write((r) => setSchemaVersion(r, m.version));
  }
  if (from !== SCHEMA_VERSION) await db.checkpoint();
  return { from, to: SCHEMA_VERSION };
}

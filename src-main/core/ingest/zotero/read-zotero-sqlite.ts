import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import initSqlJs, { type Database } from 'sql.js';
import { AriadneError } from '../../../contract/errors';
import { normaliseDoi, publication, yearOf, type ZoteroItem } from './zotero-item';

const resolveModule = createRequire(import.meta.url).resolve;

/**
 * Reads a Zotero data folder: `zotero.sqlite` plus `storage/<attachment key>/<file>`. Zotero keeps the
 * database locked while it runs, so the file is read into memory (a copy) and never opened in place; sql.js
 * (SQLite compiled to WebAssembly) needs no native build. Only the tables listed here are read: items and
 * their types, field values, creators, attachments, tags, collections and the trash.
 */
export async function readZoteroSqlite(dataDir: string): Promise<ZoteroItem[]> {
  const dbFile = path.join(dataDir, 'zotero.sqlite');
  if (!fs.existsSync(dbFile))
    throw new AriadneError(
      'not_found',
      `No zotero.sqlite in ${dataDir}. Point to Zotero's data folder (Zotero → Settings → Advanced → Files and Folders).`,
    );
  const SQL = await initSqlJs({ locateFile: (f: string) => resolveModule(`sql.js/dist/${f}`) });
  let db: Database;
  try {
    db = new SQL.Database(fs.readFileSync(dbFile));
  } catch (e) {
    throw new AriadneError('invalid_input', `zotero.sqlite could not be read: ${(e as Error).message}`, {
      cause: e,
    });
  }
  try {
    return itemsOf(db, dataDir);
  } catch (e) {
    throw new AriadneError(
      'invalid_input',
      `zotero.sqlite is not a Zotero database Ariadne can read: ${(e as Error).message}`,
      { cause: e },
    );
  } finally {
    db.close();
  }
}

function rows(db: Database, sql: string): Record<string, unknown>[] {
  const st = db.prepare(sql);
  const out: Record<string, unknown>[] = [];
  try {
    while (st.step()) out.push(st.getAsObject());
  } finally {
    st.free();
  }
  return out;
}

const group = <T>(list: Record<string, unknown>[], key: string, val: (r: Record<string, unknown>) => T) => {
  const m = new Map<number, T[]>();
  for (const r of list) {
    const k = Number(r[key]);
    m.set(k, [...(m.get(k) ?? []), val(r)]);
  }
  return m;
};

function itemsOf(db: Database, dataDir: string): ZoteroItem[] {
  const regular = rows(
    db,
    `SELECT i.itemID AS id, i.key AS key FROM items i JOIN itemTypes t ON t.itemTypeID = i.itemTypeID
     WHERE t.typeName NOT IN ('attachment', 'note', 'annotation')
       AND i.itemID NOT IN (SELECT itemID FROM deletedItems)`,
  );
  const fields = group(
    rows(
      db,
      `SELECT d.itemID AS id, f.fieldName AS name, v.value AS value FROM itemData d
       JOIN fields f ON f.fieldID = d.fieldID JOIN itemDataValues v ON v.valueID = d.valueID
       WHERE f.fieldName IN ('title', 'date', 'DOI', 'publicationTitle', 'volume', 'issue', 'pages', 'url')`,
    ),
    'id',
    (r) => [String(r.name), String(r.value)] as const,
  );
  const creators = group(
    rows(
      db,
      `SELECT ic.itemID AS id, c.firstName AS first, c.lastName AS last, c.fieldMode AS mode FROM itemCreators ic
       JOIN creators c ON c.creatorID = ic.creatorID JOIN creatorTypes ct ON ct.creatorTypeID = ic.creatorTypeID
       WHERE ct.creatorType = 'author' ORDER BY ic.itemID, ic.orderIndex`,
    ),
    'id',
    (r) =>
      Number(r.mode) === 1 ? String(r.last) : `${String(r.first ?? '')} ${String(r.last ?? '')}`.trim(),
  );
  const tags = group(
    rows(db, 'SELECT it.itemID AS id, t.name AS name FROM itemTags it JOIN tags t ON t.tagID = it.tagID'),
    'id',
    (r) => String(r.name),
  );
  const collections = group(
    rows(
      db,
      `SELECT ci.itemID AS id, c.collectionName AS name FROM collectionItems ci
       JOIN collections c ON c.collectionID = ci.collectionID`,
    ),
    'id',
    (r) => String(r.name),
  );
  const attachments = group(
    rows(
      db,
      `SELECT a.parentItemID AS id, i.key AS key, a.path AS path, a.contentType AS type, a.linkMode AS mode
       FROM itemAttachments a JOIN items i ON i.itemID = a.itemID
       WHERE a.parentItemID IS NOT NULL AND a.itemID NOT IN (SELECT itemID FROM deletedItems)`,
    ),
    'id',
    (r) => attachmentPath(dataDir, r),
  );

  return regular.map((r) => {
    const id = Number(r.id);
    const f = new Map(fields.get(id) ?? []);
    const files = (attachments.get(id) ?? [])
      .filter((p): p is string => !!p && fs.existsSync(p))
      .sort((a, b) => Number(!a.toLowerCase().endsWith('.pdf')) - Number(!b.toLowerCase().endsWith('.pdf')));
    return {
      itemKey: String(r.key),
      title: f.get('title') ?? '',
      authors: creators.get(id) ?? [],
      year: yearOf(f.get('date')),
      doi: normaliseDoi(f.get('DOI')),
      tags: tags.get(id) ?? [],
      collections: collections.get(id) ?? [],
      ...publication({
        journal: f.get('publicationTitle'),
        volume: f.get('volume'),
        issue: f.get('issue'),
        pages: f.get('pages'),
        url: f.get('url'),
      }),
      files,
    };
  });
}

/** "storage:paper.pdf" lives in storage/<attachment key>/; linked files keep their absolute path. */
function attachmentPath(dataDir: string, r: Record<string, unknown>): string | null {
  const p = r.path == null ? '' : String(r.path);
  if (p.startsWith('storage:')) {
    const name = path.basename(p.slice('storage:'.length));
    return path.join(dataDir, 'storage', String(r.key), name);
  }
  // Linked files relative to a base directory ("attachments:") cannot be resolved without Zotero's prefs.
  return path.isAbsolute(p) ? p : null;
}

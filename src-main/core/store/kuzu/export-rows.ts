import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KuzuRunner } from './kuzu-db';

/**
 * Reads a large result through `COPY (…) TO` a temporary CSV file instead of the Node binding's rows. The
 * binding converts every value through N-API, about 35-70 µs per row: one million RELATED pairs took 35-70 s
 * that way and 0.8 s through a file. For whole-graph reads (adjacency, communities); not for small queries.
 * Values must not contain newlines, nor `|` except in the last column (ids, types and numbers here).
 */
export async function exportRows(r: Pick<KuzuRunner, 'query'>, cypher: string): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ariadne-export-'));
  const file = path.join(dir, 'rows.csv');
  try {
    // Kùzu's COPY TO takes a literal path (no parameters); the path is ours, with no quotes in it.
    await r.query(`COPY (${cypher}) TO '${file.replace(/'/g, "\\'")}' (header=false, delim='|')`);
    const text = fs.readFileSync(file, 'utf8');
    const rows: string[][] = [];
    for (const line of text.split('\n')) if (line) rows.push(line.split('|').map(unquote));
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const unquote = (v: string) => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);

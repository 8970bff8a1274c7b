import type { KuzuRunner, Params, Row } from './kuzu-db';
import type { EntityRow } from '../graph-port';
import type { ChunkRecord, DocumentRecord } from '../types';

/** RETURN fragments and row mappers, so every query returns the same shapes. */
export const entityCols = (v: string) =>
  `${v}.id AS id, ${v}.canonicalKey AS canonicalKey, ${v}.name AS name, ${v}.type AS type, ` +
  `${v}.description AS description, ${v}.aliases AS aliases, ${v}.confidence AS confidence, ` +
  `${v}.evidenceCount AS evidenceCount, ${v}.pinnedName AS pinnedName, ${v}.extraAliases AS extraAliases, ` +
  `${v}.createdAt AS createdAt`;

export const docCols = (v: string) =>
  `${v}.id AS id, ${v}.title AS title, ${v}.authors AS authors, ${v}.year AS year, ${v}.doi AS doi, ` +
  `${v}.pages AS pages, ${v}.status AS status, ${v}.parserVersion AS parserVersion, ${v}.fileName AS fileName, ` +
  `${v}.originalPath AS originalPath, ${v}.createdAt AS createdAt, ${v}.updatedAt AS updatedAt`;

export const chunkCols = (v: string) =>
  `${v}.id AS id, ${v}.docId AS docId, ${v}.idx AS idx, ${v}.text AS text, ${v}.forwardSummary AS forwardSummary, ` +
  `${v}.pageStart AS pageStart, ${v}.pageEnd AS pageEnd, ${v}.charStart AS charStart, ${v}.charEnd AS charEnd, ` +
  `${v}.pageOffsets AS pageOffsets`;

const str = (v: unknown) => (v == null ? '' : String(v));
const num = (v: unknown) => (v == null ? 0 : Number(v));
const numOrNull = (v: unknown) => (v == null ? null : Number(v));
export const list = <T = string>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function toEntity(r: Row): EntityRow {
  return {
    id: str(r.id),
    canonicalKey: str(r.canonicalKey),
    name: str(r.name),
    type: str(r.type),
    description: str(r.description),
    aliases: list(r.aliases),
    confidence: num(r.confidence),
    evidenceCount: num(r.evidenceCount),
    pinnedName: str(r.pinnedName),
    extraAliases: list(r.extraAliases),
    createdAt: num(r.createdAt),
  };
}

export function toDocument(r: Row): DocumentRecord {
  return {
    id: str(r.id),
    title: str(r.title),
    authors: list(r.authors),
    year: numOrNull(r.year),
    doi: r.doi == null || r.doi === '' ? null : String(r.doi),
    pages: numOrNull(r.pages),
    status: str(r.status),
    parserVersion: str(r.parserVersion),
    fileName: str(r.fileName),
    originalPath: str(r.originalPath),
    createdAt: num(r.createdAt),
    updatedAt: num(r.updatedAt),
  };
}

export function toChunk(r: Row): ChunkRecord {
  return {
    id: str(r.id),
    docId: str(r.docId),
    index: num(r.idx),
    text: str(r.text),
    forwardSummary: str(r.forwardSummary),
    pageStart: num(r.pageStart),
    pageEnd: num(r.pageEnd),
    charStart: num(r.charStart),
    charEnd: num(r.charEnd),
    pageOffsets: list<number>(r.pageOffsets).map(Number),
  };
}

/**
 * Nodes of `label` by primary key, `cols` reading variable `x`. Up to `oneByOne` keys are looked up one by
 * one (about 0.5 ms each); more go through `UNWIND $keys … MATCH (x {key: i})`, which Kùzu plans as a join
 * over the whole table: about 55 ms at 100k entities, 350 ms at 1M evidence rows, whatever the number of
 * keys. Big tables should pass a larger `oneByOne`.
 */
export async function byPrimaryKey(
  r: Pick<KuzuRunner, 'query'>,
  label: string,
  key: string,
  keys: (string | number)[],
  cols: string,
  oneByOne = 100,
): Promise<Row[]> {
  const unique = [...new Set(keys)];
  if (unique.length > oneByOne)
    return r.query(`UNWIND $keys AS i MATCH (x:${label} {${key}: i}) RETURN ${cols}`, { keys: unique });
  const rows: Row[] = [];
  for (const k of unique)
    rows.push(...(await r.query(`MATCH (x:${label} {${key}: $k}) RETURN ${cols}`, { k })));
  return rows;
}

/**
 * Runs a pattern anchored at nodes given by id: `one` (using `$id`) once per id when there are a few, else
 * `many` (using `$ids` in a WHERE … IN) once. Kùzu plans the natural `UNWIND $ids … MATCH (x {id: i})-[…]`
 * as a join over the whole table: about 220 ms at 100k entities even for one id, against 4 ms anchored.
 */
export async function fromIds(
  r: Pick<KuzuRunner, 'query'>,
  ids: string[],
  one: string,
  many: string,
  params: Params = {},
): Promise<Row[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  if (unique.length > 8) return r.query(many, { ...params, ids: unique });
  const rows: Row[] = [];
  for (const id of unique) rows.push(...(await r.query(one, { ...params, id })));
  return rows;
}

/** Entities by id, in the order given (missing ids skipped). For use inside a read or write callback. */
export async function fetchEntities(r: Pick<KuzuRunner, 'query'>, ids: string[]): Promise<EntityRow[]> {
  if (!ids.length) return [];
  const rows = await byPrimaryKey(r, 'Entity', 'id', ids, entityCols('x'));
  const byId = new Map(rows.map((x) => [String(x.id), toEntity(x)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * String lists inside UNWIND row structs travel as one separator-joined string: Kùzu infers a struct's field
 * types from the values, and an empty JS array infers the wrong type (and a top-level one crashes).
 */
const SEP = '\u001f';
export const encodeList = (xs: readonly string[] | undefined): string =>
  (xs ?? []).filter((x) => x !== '').join(SEP);
export const decodeList = (expr: string): string =>
  `CASE WHEN ${expr} = '' THEN CAST(NULL AS STRING[]) ELSE string_split(${expr}, '${SEP}') END`;

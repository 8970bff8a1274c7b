// Loaders for the evaluation graphs in ../shared/data/graphs (GML from Newman's netdata, SNAP edge lists).
// Test and benchmark helpers only: Ariadne's own graphs come from the store.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { at } from '../../src-main/core/at';
import type { PlainGraph, WeightedEdge } from '../../src-main/core/communities/types';

export type GmlValue = string | number | GmlRecord;
export interface GmlRecord {
  [key: string]: GmlValue | GmlValue[];
}

export interface GmlGraph {
  directed: boolean;
  nodes: Array<{ id: string; label?: string; attributes: GmlRecord }>;
  edges: Array<{ source: string; target: string; attributes: GmlRecord }>;
}

/** Folder holding the shared evaluation graphs, or null when this checkout has no ../shared. */
export function sharedGraphsDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = process.env.ARIADNE_SHARED_GRAPHS ?? path.resolve(here, '../../../shared/data/graphs');
  return existsSync(dir) ? dir : null;
}

function tokenize(text: string): string[] {
  // Keys, numbers, brackets and double-quoted strings (which may contain spaces); GML has no escapes.
  return text.match(/"[^"]*"|\[|\]|[^\s[\]"]+/g) ?? [];
}

function parseList(tokens: string[], pos: { i: number }): GmlRecord {
  const record: GmlRecord = {};
  while (pos.i < tokens.length && tokens[pos.i] !== ']') {
    const key = tokens[pos.i++]!;
    const token = tokens[pos.i++];
    if (token === undefined) throw new Error(`GML: key "${key}" has no value`);
    let value: GmlValue;
    if (token === '[') {
      value = parseList(tokens, pos);
      if (tokens[pos.i++] !== ']') throw new Error('GML: unclosed [');
    } else if (token.startsWith('"')) value = token.slice(1, -1);
    else value = Number.isNaN(Number(token)) ? token : Number(token);
    const existing = record[key];
    if (existing === undefined) record[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else record[key] = [existing, value];
  }
  return record;
}

const asArray = (v: GmlValue | GmlValue[] | undefined): GmlValue[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

export function parseGml(text: string): GmlGraph {
  const root = parseList(tokenize(text), { i: 0 });
  const graph = asArray(root.graph)[0];
  if (!graph || typeof graph !== 'object') throw new Error('GML: no graph [ ... ] block');
  const nodes = asArray(graph.node).map((n) => {
    const attributes = n as GmlRecord;
    const label = attributes.label;
    return { id: String(attributes.id), label: label === undefined ? undefined : String(label), attributes };
  });
  const edges = asArray(graph.edge).map((e) => {
    const attributes = e as GmlRecord;
    return { source: String(attributes.source), target: String(attributes.target), attributes };
  });
  return { directed: graph.directed === 1, nodes, edges };
}

/** GML → detection input. Edge weight from a numeric `weight` attribute, else 1. */
export function gmlToPlainGraph(gml: GmlGraph): PlainGraph {
  return {
    nodes: gml.nodes.map((n) => n.id),
    edges: gml.edges.map((e) => {
      const w = e.attributes.weight;
      return { source: e.source, target: e.target, weight: typeof w === 'number' ? w : 1 };
    }),
  };
}

export function loadGml(file: string): { gml: GmlGraph; graph: PlainGraph } {
  const gml = parseGml(readFileSync(file, 'utf8'));
  return { gml, graph: gmlToPlainGraph(gml) };
}

/**
 * Whitespace-separated edge list ("a b" or "a b weight"), '#' and '%' comments skipped. SNAP lists each
 * undirected edge in both directions, so pairs are deduplicated and self-loops dropped (as the reference
 * modularity values were computed). A first line "nodes edges" whose second number equals the number of
 * remaining lines is a header, not an edge.
 */
export function parseEdgeList(text: string): PlainGraph {
  const rows = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('%'))
    .map((l) => l.split(/\s+/));
  if (rows.length > 0 && rows[0]!.length === 2 && Number(rows[0]![1]) === rows.length - 1) rows.shift();
  const nodes = new Set<string>();
  const seen = new Set<string>();
  const edges: WeightedEdge[] = [];
  for (const row of rows) {
    const [a, b, w] = [at(row, 0), at(row, 1), row[2]];
    nodes.add(a);
    nodes.add(b);
    if (a === b) continue;
    const key = a < b ? `${a}\t${b}` : `${b}\t${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push({ source: a, target: b, weight: w === undefined ? 1 : Number(w) });
  }
  return { nodes: [...nodes], edges };
}

export function loadEdgeList(file: string): PlainGraph {
  return parseEdgeList(readFileSync(file, 'utf8'));
}

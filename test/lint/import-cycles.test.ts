import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of src-main/core, drawn from the code: every relative import and re-export of every
 * non-test .ts file (type-only imports included: a type cycle still ties two files' meanings together),
 * resolved to its file. A cycle between files, or between folders (an edge from folder A to folder B for
 * any file of A importing a file of B), fails with the cycle spelled out.
 */
const root = path.resolve(import.meta.dirname, '../../src-main/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(name) && !/\.(test|fuzz\.test|d)\.ts$/.test(name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (!candidate.startsWith(root)) continue;
    // A data file (`./data/terms.json`) is not a module of the graph; `stat` of `x.json/index.ts` fails.
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** File → the core files it imports (ts.preProcessFile reads import, export … from and import()). */
export function importGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const info = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    const to = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveImport(f, ref.fileName);
      if (target && target !== f) to.add(target);
    }
    graph.set(f, to);
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan), each as a closed path for the message. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(pathThrough(graph, new Set(scc)));
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** One cycle inside a component, found breadth-first from its smallest node, for a readable message. */
function pathThrough(graph: Map<string, Set<string>>, scc: Set<string>): string[] {
  const start = [...scc].sort()[0] ?? '';
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift() ?? '';
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!scc.has(w)) continue;
      if (w === start) {
        const cyc = [v];
        while (cyc[0] !== start) cyc.unshift(prev.get(cyc[0] ?? '') ?? start);
        return [...cyc, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...scc];
}

/**
 * The graph between folders, at every level: an import from file f to file t is an edge between the two
 * entries of their nearest common folder that hold them (a subfolder, or a file directly in that folder).
 * `ingest/pipeline/x.ts → ingest/runtime/y.ts` ties `ingest/pipeline` to `ingest/runtime`; `llm/tasks.ts →
 * llm/builtin/z.ts` ties the file `llm/tasks.ts` to the folder `llm/builtin`, so a parent folder that holds
 * an interface its subfolders implement and the code that composes them is not a cycle, while a
 * subfolder that imports back the very file that imports it is.
 */
export function folderGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [from, tos] of graph) {
    const a = path.relative(root, from).split(path.sep);
    for (const to of tos) {
      const b = path.relative(root, to).split(path.sep);
      let k = 0;
      // Common folders only: the last part of each path is its file name.
      while (k < a.length - 1 && k < b.length - 1 && a[k] === b[k]) k++;
      if (k === a.length - 1 && k === b.length - 1) continue; // two files of one folder
      const x = path.join(root, ...a.slice(0, k + 1));
      const y = path.join(root, ...b.slice(0, k + 1));
      const set = out.get(x) ?? new Set<string>();
      set.add(y);
      out.set(x, set);
    }
  }
  return out;
}

const rel = (p: string) => path.relative(root, p) || '.';
const show = (found: string[][]) => found.map((c) => c.map(rel).join(' → '));

describe('the import graph of src-main/core', () => {
  const graph = importGraph(sourceFiles(root));

  it('is drawn from the code (sanity: it has the files and edges it should)', () => {
    expect(graph.size).toBeGreaterThan(200);
    const createCore = graph.get(path.join(root, 'create-core.ts'));
    expect(createCore && [...createCore].some((f) => f.includes(`${path.sep}ingest${path.sep}`))).toBe(true);
  });

  it('has no cycle between files', () => {
    expect(show(cycles(graph)), 'cycles between files').toEqual([]);
  });

  it('has no cycle between folders', () => {
    expect(show(cycles(folderGraph(graph))), 'cycles between folders').toEqual([]);
  });

  it('finds a cycle when there is one (two files, and two folders through them)', () => {
    const a = path.join(root, 'x', 'a.ts');
    const b = path.join(root, 'y', 'b.ts');
    const c = path.join(root, 'y', 'c.ts');
    const g = new Map([
      [a, new Set([b])],
      [b, new Set([c])],
      [c, new Set([a])],
    ]);
    expect(show(cycles(g))).toEqual([['x/a.ts', 'y/b.ts', 'y/c.ts', 'x/a.ts'].join(' → ')]);
    expect(show(cycles(folderGraph(g)))).toEqual(['x → y → x']);
    // A parent's file that imports a subfolder which imports another file of the parent: no cycle.
    const parent = path.join(root, 'p', 'compose.ts');
    const iface = path.join(root, 'p', 'iface.ts');
    const impl = path.join(root, 'p', 'impl', 'one.ts');
    const layered = new Map([
      [parent, new Set([impl, iface])],
      [impl, new Set([iface])],
    ]);
    expect(cycles(folderGraph(layered))).toEqual([]);
    layered.set(iface, new Set([impl]));
    expect(show(cycles(folderGraph(layered)))).toEqual(['p/iface.ts → p/impl → p/iface.ts']);
  });
});

// Community detection benchmark (seed 004 acceptance): modularity on karate, dolphins and football
// against ../shared/data/graphs/expected_modularity.json, and CA-GrQc (5k nodes) load + detect time.
// Run: npx tsx test/bench/communities.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  detectCommunities,
  disconnectedCommunities,
  updateCommunities,
} from '../../src-main/core/communities/index';
import { loadEdgeList, loadGml, sharedGraphsDir } from './graph-loaders';

const TOLERANCE = 0.01;
const TIME_LIMIT_MS = 2000;

interface Expected {
  literature_max_modularity_Q: number | null;
  [key: string]: unknown;
}

function main(): number {
  const dir = sharedGraphsDir();
  if (!dir) {
    console.log('SKIPPED: ../shared/data/graphs is absent (set ARIADNE_SHARED_GRAPHS to point elsewhere).');
    return 0;
  }
  const expected = JSON.parse(readFileSync(path.join(dir, 'expected_modularity.json'), 'utf8')) as Record<
    string,
    Expected
  >;
  const louvainMax = (e: Expected) =>
    (e['networkx_3.6.1_louvain_unweighted'] as { max: number } | undefined)?.max ?? null;
  let failures = 0;
  console.log(
    'graph      nodes edges  Q(ours)  Q(expected) diff     levels (communities per level)  connected',
  );
  for (const name of ['karate', 'dolphins', 'football']) {
    const { graph } = loadGml(path.join(dir, `${name}.gml`));
    const h = detectCommunities(graph);
    const q = h.levels[0]!.modularity;
    const target = expected[name]!.literature_max_modularity_Q ?? louvainMax(expected[name]!)!;
    const diff = q - target;
    const bad = disconnectedCommunities(graph, h);
    const ok = diff >= -TOLERANCE && bad.length === 0;
    if (!ok) failures++;
    console.log(
      `${name.padEnd(10)} ${String(graph.nodes.length).padStart(5)} ${String(graph.edges.length).padStart(5)}  ` +
        `${q.toFixed(4)}   ${target.toFixed(4)}      ${diff > -5e-5 ? '+' : '-'}${Math.abs(diff).toFixed(4)}  ` +
        `${h.levels
          .map((l) => l.communities.length)
          .join(' > ')
          .padEnd(31)} ` +
        `${bad.length === 0 ? 'yes' : `NO (${bad.length})`}  ${ok ? 'PASS' : 'FAIL'}`,
    );
  }

  const file = path.join(dir, 'CA-GrQc.txt');
  const t0 = performance.now();
  const graph = loadEdgeList(file);
  const t1 = performance.now();
  const h = detectCommunities(graph);
  const t2 = performance.now();
  const bad = disconnectedCommunities(graph, h);
  const ref = louvainMax(expected['CA-GrQc']!);
  const total = t2 - t0;
  const ok = total < TIME_LIMIT_MS && bad.length === 0;
  if (!ok) failures++;
  console.log(
    `\nCA-GrQc: ${graph.nodes.length} nodes, ${graph.edges.length} edges (self-loops and reverse duplicates dropped)\n` +
      `  load ${(t1 - t0).toFixed(0)} ms + detect ${(t2 - t1).toFixed(0)} ms = ${total.toFixed(0)} ms ` +
      `(limit ${TIME_LIMIT_MS} ms, cold start, one process)\n` +
      `  modularity ${h.levels[0]!.modularity.toFixed(4)}` +
      (ref === null ? '' : ` (networkx Louvain max over 10 seeds: ${ref.toFixed(4)})`) +
      `\n  levels: ${h.levels.map((l) => `${l.communities.length} @ resolution ${l.resolution.toPrecision(3)} (Q ${l.modularity.toFixed(4)})`).join(' > ')}` +
      `\n  connected: ${bad.length === 0 ? 'yes' : `NO (${bad.length})`}  ${ok ? 'PASS' : 'FAIL'}`,
  );

  // Incremental maintenance: one ingest adds a 10-entity cluster hanging off an existing entity.
  const hub = graph.edges[0]!.source;
  const added = Array.from({ length: 10 }, (_, i) => `new-${i}`);
  const edges = [...graph.edges, { source: added[0]!, target: hub }];
  for (let i = 0; i < added.length; i++)
    for (let j = i + 1; j < added.length; j++) edges.push({ source: added[i]!, target: added[j]! });
  const t3 = performance.now();
  const update = updateCommunities(h, { nodes: [...graph.nodes, ...added], edges }, [...added, hub]);
  const t4 = performance.now();
  const c = update.changes;
  const kept = h.levels.reduce((n, l) => n + l.communities.length, 0) - c.removed.length;
  console.log(
    `  incremental update (+10-entity cluster): ${(t4 - t3).toFixed(0)} ms, re-optimised ${(100 * c.affectedFraction).toFixed(2)}% ` +
      `of entities; ids added ${c.added.length}, removed ${c.removed.length}, stale ${c.stale.length}, kept ${kept}`,
  );
  console.log(failures === 0 ? '\nAll community checks passed.' : `\n${failures} community check(s) FAILED.`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = main();

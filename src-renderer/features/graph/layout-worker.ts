/// <reference lib="webworker" />
import iterate from 'graphology-layout-forceatlas2/iterate.js';
import type { LayoutIn, LayoutOut } from './layout-protocol';

/* eslint-disable @typescript-eslint/no-non-null-assertion -- a justified `!` for the whole file: */
// ! because i < n and e < m index the flat arrays of the message (3 floats per node or edge) and the
// layout matrices sized n * PPN and m * PPE; edges hold node indices < n from the same message.

// graphology-layout-forceatlas2's matrix layout: 10 floats per node, 3 per edge, edges hold node offsets.
const PPN = 10;
const PPE = 3;
/** Each batch costs the main thread a full sigma refresh: big graphs get fewer, larger steps. */
const postEvery = (n: number) => (n > 5000 ? 1000 : n > 1000 ? 250 : 120);

/** Up to this many nodes the layout uses strong gravity (see the settings below). */
const SMALL_GRAPH = 1000;

let current = 0;

self.onmessage = (ev: MessageEvent<LayoutIn>) => {
  const msg = ev.data;
  if (msg.type === 'stop') {
    current = -1;
    return;
  }
  current = msg.run;
  void run(msg);
};

async function run(msg: Extract<LayoutIn, { type: 'start' }>) {
  const n = msg.nodes.length / 3;
  const m = msg.edges.length / 3;
  const nodes = new Float32Array(n * PPN);
  for (let i = 0; i < n; i++) {
    const j = i * PPN;
    nodes[j] = msg.nodes[i * 3]!;
    nodes[j + 1] = msg.nodes[i * 3 + 1]!;
    nodes[j + 6] = 1; // mass: 1 + weighted degree, below
    nodes[j + 7] = 1; // convergence
    nodes[j + 8] = msg.nodes[i * 3 + 2]!;
    nodes[j + 9] = msg.fixed?.[i] ?? 0;
  }
  const edges = new Float32Array(m * PPE);
  for (let e = 0; e < m; e++) {
    const s = msg.edges[e * 3]! * PPN;
    const t = msg.edges[e * 3 + 1]! * PPN;
    const w = msg.edges[e * 3 + 2]!;
    edges[e * PPE] = s;
    edges[e * PPE + 1] = t;
    edges[e * PPE + 2] = w;
    nodes[s + 6]! += w;
    nodes[t + 6]! += w;
  }
  // inferSettings' choices: Barnes-Hut above a few hundred nodes, stronger scaling for big graphs.
  // Strong gravity (pull grows with distance) for small graphs: under FA2's constant pull, a disconnected
  // pair settles about scalingRatio × total mass away, and fitting the camera to it shrinks the rest of a
  // young library to a dot. Big graphs keep the constant pull, which separates their clusters better.
  const settings = {
    linLogMode: msg.linLog ?? false,
    outboundAttractionDistribution: false,
    adjustSizes: false,
    edgeWeightInfluence: 0.5,
    scalingRatio: n > 2000 ? 10 : 2,
    strongGravityMode: n <= SMALL_GRAPH && !msg.linLog,
    gravity: msg.linLog ? 0.3 : 1,
    slowDown: 1 + Math.log(Math.max(1, n)),
    barnesHutOptimize: n > 400,
    barnesHutTheta: 0.5,
  };
  const started = performance.now();
  let last = started;
  for (let it = 1; it <= msg.maxIterations; it++) {
    iterate(settings, nodes, edges);
    const now = performance.now();
    const done = it === msg.maxIterations || now - started > msg.maxMs;
    if (done || now - last > postEvery(n)) {
      last = now;
      const xy = new Float32Array(n * 2);
      for (let i = 0; i < n; i++) {
        xy[i * 2] = nodes[i * PPN]!;
        xy[i * 2 + 1] = nodes[i * PPN + 1]!;
      }
      const out: LayoutOut = { type: 'positions', run: msg.run, xy, iteration: it, done };
      (self as unknown as Worker).postMessage(out, [xy.buffer]);
      // Yield so a 'stop' or a newer 'start' can arrive between batches.
      await new Promise((r) => setTimeout(r, 0));
      if (current !== msg.run) return;
    }
    if (done) return;
  }
}

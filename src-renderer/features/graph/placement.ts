import type { Positions } from './use-stored-layout';

export interface Placeable {
  key: string;
  community: string | null;
}

/**
 * Starting positions: a node keeps the position it has (this session's, else the stored layout's); a new
 * node goes to the middle of its placed neighbours, nudged so two never coincide; a node with none near
 * its community's centre (a golden-angle spiral of centres). Deterministic: the same input, the same
 * picture. Returns which nodes were placed from known positions.
 */
export function placeNodes(
  nodes: Placeable[],
  edges: { source: string; target: string }[],
  known: Positions[],
): { at: Positions; kept: Set<string> } {
  const at: Positions = new Map();
  const kept = new Set<string>();
  for (const n of nodes)
    for (const k of known) {
      const p = k.get(n.key);
      if (p) {
        at.set(n.key, p);
        kept.add(n.key);
        break;
      }
    }
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = neighbours.get(a);
    if (list) list.push(b);
    else neighbours.set(a, [b]);
  };
  for (const e of edges) {
    link(e.source, e.target);
    link(e.target, e.source);
  }
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
  // Spread of the kept layout: new nodes are nudged by a small share of it.
  let extent = 30;
  if (kept.size > 1) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of at.values()) {
      lo = Math.min(lo, p.x);
      hi = Math.max(hi, p.x);
    }
    extent = Math.max(1, hi - lo);
  }
  const centres = new Map<string, { x: number; y: number }>();
  for (const n of nodes) {
    if (at.has(n.key)) continue;
    const placed = (neighbours.get(n.key) ?? []).flatMap((m) => {
      const p = at.get(m);
      return p ? [p] : [];
    });
    if (placed.length) {
      const x = placed.reduce((s, p) => s + p.x, 0) / placed.length;
      const y = placed.reduce((s, p) => s + p.y, 0) / placed.length;
      at.set(n.key, { x: x + rnd() * extent * 0.02, y: y + rnd() * extent * 0.02 });
      continue;
    }
    const c = n.community ?? '';
    let centre = centres.get(c);
    if (!centre) {
      const k = centres.size;
      const r = 40 * Math.sqrt(k) + (kept.size ? extent * 0.6 : 0);
      centre = { x: r * Math.cos(k * 2.39996), y: r * Math.sin(k * 2.39996) };
      centres.set(c, centre);
    }
    at.set(n.key, { x: centre.x + rnd() * 30, y: centre.y + rnd() * 30 });
  }
  return { at, kept };
}

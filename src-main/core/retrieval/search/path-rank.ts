import type { EntitySummary, GraphPath, PathEdge } from '../../../contract/graph';
import { toEvidence, type EvidenceInfo } from '../graph-reads';
import { citeLabel } from '../text';
import { at } from '../../at';

/** Keywords that say two things are linked without saying how: such edges rank below specific ones. */
const GENERIC = new Set([
  'related to',
  'associated with',
  'related',
  'associated',
  'linked to',
  'involves',
  'mentions',
  'co-occurs with',
]);

/**
 * How much a node looks like a hub (many neighbours or mentions). Paths through hubs ("Obesity",
 * "Patients") are cheap and uninformative, so edges into hubs are damped logarithmically.
 */
export function hubDamping(hubness: number): number {
  return 1 / Math.log(Math.E + Math.max(0, hubness) / 4);
}

/** Structural edge weight before evidence is read: more evidence rows, less hubby target. */
export function structuralWeight(evidence: number, targetHubness: number): number {
  return (1 + Math.log(Math.max(1, evidence))) * hubDamping(targetHubness);
}

/** Longer paths must earn their extra hops. */
export const HOP_DECAY = 0.75;

/** Quality of one piece of evidence: confident, specific keywords, a description that says something. */
export function evidenceQuality(ev: Pick<EvidenceInfo, 'confidence' | 'keywords' | 'description'>): number {
  const specific = ev.keywords.some((k) => !GENERIC.has(k.toLowerCase().trim())) ? 1 : 0.7;
  const said = Math.min(1, 0.5 + ev.description.length / 200);
  return Math.max(0.05, ev.confidence) * specific * said;
}

export interface EdgeEvidence {
  rows: EvidenceInfo[];
}

/**
 * Picks the edge's best evidence and builds the contract's PathEdge (direction relative to path order).
 * `total` is the number of evidence rows behind the edge when `rows` are only the ones read.
 */
export function pathEdge(
  from: EntitySummary,
  to: EntitySummary,
  rows: EvidenceInfo[],
  total = rows.length,
): { edge: PathEdge; quality: number } | null {
  if (!rows.length) return null;
  let best = at(rows, 0);
  let bestQ = -1;
  for (const r of rows) {
    const q = evidenceQuality(r);
    if (q > bestQ || (q === bestQ && r.id < best.id)) [best, bestQ] = [r, q];
  }
  const keywords = [...new Set(rows.flatMap((r) => r.keywords))];
  const names = new Map([
    [from.id, from.name],
    [to.id, to.name],
  ]);
  return {
    edge: {
      source: from.id,
      target: to.id,
      reversed: best.source !== from.id,
      keywords,
      evidenceCount: Math.max(total, rows.length),
      best: toEvidence(best, names.get(best.source) ?? '', names.get(best.target) ?? ''),
    },
    quality: bestQ * (1 + Math.log(Math.max(total, rows.length))),
  };
}

/**
 * The sentence a hop shows: the quote its citation carries, byte for byte, the very span the citation opens
 * and highlights. The evidence description is what a model said of the relation (the built-in engine copies
 * its sentence there, clipped); printed instead, it differed from the cited quote on 25 of 181 hops of the
 * fixture papers, and the CLI clipped it at 220 characters and dropped its full stop on every hop.
 */
export function hopSentence(e: PathEdge): string {
  return e.best.citation.quote;
}

/**
 * `A --[quote (Short title 2019, p. 3)]--> B`, one line per hop (a line break inside a quote from a hard-wrapped
 * text file is printed as a space); reversed evidence points back.
 */
export function renderEdge(from: EntitySummary, to: EntitySummary, e: PathEdge): string {
  const quote = hopSentence(e).replace(/\r?\n/g, ' ');
  const label = `${quote || e.keywords.join(', ') || 'related'} (${citeLabel(e.best.citation)})`;
  return e.reversed ? `${from.name} <--[${label}]-- ${to.name}` : `${from.name} --[${label}]--> ${to.name}`;
}

export function buildPath(
  nodes: EntitySummary[],
  parts: { edge: PathEdge; quality: number }[],
  structural: number,
): GraphPath {
  const edges = parts.map((p) => p.edge);
  const quality = parts.reduce((s, p) => s * p.quality, 1);
  const score =
    structural * Math.pow(quality, 1 / Math.max(1, parts.length)) * Math.pow(HOP_DECAY, parts.length - 1);
  return {
    nodes,
    edges,
    score: Math.round(score * 10_000) / 10_000,
    // Edge i joins node i and node i + 1.
    text: edges.map((e, i) => renderEdge(at(nodes, i), at(nodes, i + 1), e)).join('\n'),
  };
}

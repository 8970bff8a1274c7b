import type { Contradiction, ContradictionSide } from '../../contract/contradictions';
import type { EntitySummary } from '../../contract/graph';
import type { Library } from '../library';
import { claimOf, disagree, relationSign, type RelationSign } from '../nlp/relation-sign';
import { toEvidence, type EvidenceInfo, type GraphReads } from './graph-reads';

/** Pairs read per batch of evidence: bounded reads however large the library. */
const BATCH = 500;

interface Signed {
  row: EvidenceInfo;
  s: RelationSign;
}

/**
 * Evidence of opposite sign between the same two entities, stated in the same direction. Every pair of
 * entities with two or more evidence rows is read (co-occurrence rows carry no sign and drop out); within a
 * pair, the signed claims are grouped ("increases", "decreases", "does not increase" …) and each pair of
 * groups that disagree is one contradiction, the most-evidenced first.
 */
export async function findContradictions(
  lib: Library,
  data: GraphReads,
  opts: { entityId?: string; documentIds?: string[]; limit: number },
): Promise<Contradiction[]> {
  const graph = await lib.graph.entityGraph();
  const pairs = graph.pairs.filter(
    (p) => p.weight >= 2 && (!opts.entityId || p.a === opts.entityId || p.b === opts.entityId),
  );
  const byPair = new Map<string, Signed[]>();
  for (let i = 0; i < pairs.length; i += BATCH) {
    const ordered = pairs.slice(i, i + BATCH).flatMap((p) => [
      { a: p.a, b: p.b },
      { a: p.b, b: p.a },
    ]);
    const { rows } = await data.evidenceForPairs(lib, ordered, { docIds: opts.documentIds });
    for (const row of rows) {
      const s = relationSign(row.keywords);
      if (!s.sign) continue;
      const key = `${row.source}\u0000${row.target}`;
      const list = byPair.get(key);
      if (list) list.push({ row, s });
      else byPair.set(key, [{ row, s }]);
    }
  }

  const found: { source: string; target: string; kind: Contradiction['kind']; sides: Signed[][] }[] = [];
  for (const [key, rows] of byPair) {
    const groups = new Map<string, Signed[]>();
    for (const r of rows) {
      const claim = claimOf(r.s) ?? '';
      const g = groups.get(claim);
      if (g) g.push(r);
      else groups.set(claim, [r]);
    }
    const list = [...groups.values()];
    const [source = '', target = ''] = key.split('\u0000');
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]?.[0];
        const b = list[j]?.[0];
        if (!a || !b || !disagree(a.s, b.s)) continue;
        // The affirming side first: "increases" before "decreases", a claim before its denial.
        const sides = [list[i] ?? [], list[j] ?? []].sort((x, y) => rank(x[0]?.s) - rank(y[0]?.s));
        found.push({ source, target, kind: a.s.negated !== b.s.negated ? 'denied' : 'opposite-sign', sides });
      }
  }
  found.sort(
    (x, y) =>
      y.sides.reduce((n, s) => n + s.length, 0) - x.sides.reduce((n, s) => n + s.length, 0) ||
      x.source.localeCompare(y.source) ||
      x.target.localeCompare(y.target),
  );
  const top = found.slice(0, opts.limit);
  const summaries = await data.summaries(
    lib,
    top.flatMap((f) => [f.source, f.target]),
  );
  return top.flatMap((f) => {
    const src = summaries.get(f.source);
    const dst = summaries.get(f.target);
    if (!src || !dst) return [];
    const [one = [], other = []] = f.sides;
    const docs = new Set([...one, ...other].map((r) => r.row.docId));
    return [
      {
        source: src,
        target: dst,
        kind: f.kind,
        sides: [side(one, src, dst), side(other, src, dst)] as [ContradictionSide, ContradictionSide],
        documents: Math.max(1, docs.size),
      },
    ];
  });
}

/** Affirmed increase, affirmed decrease, then denials. */
function rank(s: RelationSign | undefined): number {
  if (!s) return 9;
  return (s.negated ? 2 : 0) + (s.sign > 0 ? 0 : 1);
}

function side(rows: Signed[], src: EntitySummary, dst: EntitySummary): ContradictionSide {
  const first = rows[0];
  const s = first?.s ?? { sign: 1, negated: false, hedged: false };
  return {
    claim: claimOf(s) ?? '',
    sign: s.sign < 0 ? -1 : 1,
    negated: s.negated,
    evidence: rows.map((r) => ({ ...toEvidence(r.row, src.name, dst.name), hedged: r.s.hedged })),
  };
}

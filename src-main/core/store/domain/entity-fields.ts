import { at } from '../../at';
import type { EntityFields } from '../types';

/** The built-in engine's honest default type (llm/schemas.ts): no reading vouched for a finer one. */
const UNTYPED = 'concept';
/** One mention of an entity, as far as its derived fields are concerned. */
export interface MentionForm {
  /** The mention's id (`<chunk id>#m<i>`): orders ties by chunk, never by insertion. */
  id: string;
  surface: string;
  /** '' when not recorded (a mention written before types were kept per mention). */
  type: string;
  description: string;
  confidence: number;
}

export type DerivedFields = EntityFields;

/**
 * An entity's fields derived from its mentions, the same in every backend; null when it has none (the entity
 * goes). Deriving instead of accumulating is what makes "delete a document" exact: the survivors look as if
 * the deleted document had never been imported.
 *
 * - name: the pinned name, else the surface form most often described by its mention, then most frequent
 *   (ties: lexicographically first). A form that only ever appears without a description — an abbreviation
 *   ingestion added because the text defines it — is an alias, not the name.
 * - description: from the most confident mention with a description (ties: smallest mention id)
 * - type: the type most of its mentions give (ties: lexicographically first), `concept` (no type vouched
 *   for) only when no mention gives another, else `storedType` when no mention records one. Kept from the creating mention instead, it followed whichever passage committed first:
 *   two clean runs typed IL-6 "gene" and "protein" when refined passages of parallel documents swapped in
 *   a different order.
 * - aliases: other surface forms plus manual aliases, sorted
 * - confidence: the highest mention confidence; evidenceCount: number of mentions
 */
export function deriveEntityFields(
  mentions: Iterable<MentionForm>,
  pinnedName: string,
  extraAliases: readonly string[],
  storedType = '',
): DerivedFields | null {
  const types = new Map<string, number>();
  const forms: { s: string; n: number; described: number; mc: number }[] = [];
  let desc: { c: number; id: string; d: string } | undefined;
  for (const m of mentions) {
    const f = forms.find((y) => y.s === m.surface);
    if (f) {
      f.n++;
      if (m.description) f.described++;
      f.mc = Math.max(f.mc, m.confidence);
    } else forms.push({ s: m.surface, n: 1, described: m.description ? 1 : 0, mc: m.confidence });
    if (m.type) types.set(m.type, (types.get(m.type) ?? 0) + 1);
    const c = m.confidence;
    if (m.description && (!desc || c > desc.c || (c === desc.c && m.id < desc.id)))
      desc = { c, id: m.id, d: m.description };
  }
  if (!forms.length) return null;
  forms.sort((a, b) => b.described - a.described || b.n - a.n || (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
  const name = pinnedName || at(forms, 0).s;
  const aliases = [...new Set([...forms.map((f) => f.s), ...extraAliases])].filter((a) => a !== name).sort();
  // `concept` is what a reading gives when nothing vouches for a type: it wins only where no mention is typed.
  const votes = [...types].filter(([t]) => t !== UNTYPED);
  const type =
    (votes.length ? votes : [...types]).sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
    )[0]?.[0] ?? storedType;
  return {
    name,
    type,
    description: desc?.d ?? '',
    aliases,
    confidence: Math.max(...forms.map((f) => f.mc)),
    evidenceCount: forms.reduce((s, f) => s + f.n, 0),
  };
}

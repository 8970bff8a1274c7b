import { AriadneError } from '../../../contract/errors';
import { chunkId, entityIdForKey, mentionId, relationId } from '../ids';
import type { EvidenceRowFull, MentionRow } from '../graph-port';
import type { ChunkEvidence, EntityMentionInput } from '../types';

/**
 * How extraction results become mention and evidence rows: which keys a batch names, which entities it
 * creates and from which mention, and how mentions of one chunk group by surface form. The evidence write
 * (evidence-writes.ts) resolves keys through the port and stores the rows these return.
 */

/** A MENTIONS row before it receives its key. */
export type MentionFields = Omit<MentionRow, 'k'>;

/** A RELATED row before it receives its key. */
export type RelationFields = Omit<EvidenceRowFull, 'k'>;

/** Input key → id of the entity that receives the evidence, as key resolution returns it. */
export type ResolvedEntities = Map<string, string>;

/** The chunk ids a batch writes to, each once. */
export function evidenceChunkIds(items: ChunkEvidence[]): string[] {
  return [...new Set(items.map((it) => chunkId(it.docId, it.chunkIndex)))];
}

/** Rejects a batch naming chunks the store does not hold (`has` answers for one chunk id). */
export function requireChunks(cids: string[], has: (chunkId: string) => boolean): void {
  const missing = cids.filter((c) => !has(c));
  if (missing.length)
    throw new AriadneError('not_found', `Evidence for unknown chunks: ${missing.slice(0, 5).join(', ')}`);
}

/**
 * The entities a batch names: `explicit` ids chosen by resolution and canonical `keys` to resolve. Ids the
 * batch's own keys derive are accepted as explicit ids though they do not exist yet: resolution may attach
 * a key to a new entity of the same batch (an abbreviation and its long form in different chunks).
 */
export function entityReferences(items: ChunkEvidence[]): {
  explicit: Set<string>;
  keys: Set<string>;
  ownIds: Set<string>;
} {
  const explicit = new Set<string>();
  const keys = new Set<string>();
  for (const it of items)
    for (const m of it.entities) {
      if (!m.key) throw new AriadneError('invalid_input', 'Every entity needs a canonical key.');
      if (m.id) explicit.add(m.id);
      else keys.add(m.key);
    }
  return { explicit, keys, ownIds: new Set([...keys].map((k) => entityIdForKey(k))) };
}

/** The entity a mention's evidence goes to; every key and id of the batch was resolved before. */
function resolvedId(entityIds: ResolvedEntities, m: EntityMentionInput): string {
  const id = entityIds.get(m.id ?? m.key);
  if (id === undefined) throw new AriadneError('internal', `The key ${m.id ?? m.key} was not resolved.`);
  return id;
}

/**
 * Key, name and type of every entity the batch may create, by id; the caller drops the ids that exist. A
 * new entity takes them from its own mention, not from a key merged into it.
 */
export function entityCandidates(
  items: ChunkEvidence[],
  entityIds: ResolvedEntities,
): Map<string, { key: string; type: string; name: string }> {
  const candidates = new Map<string, { key: string; type: string; name: string }>();
  for (const it of items)
    for (const m of it.entities) {
      const id = resolvedId(entityIds, m);
      const own = !m.id && entityIdForKey(m.key) === id;
      const prev = candidates.get(id);
      if (!prev || (own && entityIdForKey(prev.key) !== id))
        candidates.set(id, { key: m.key, type: m.type, name: m.name });
    }
  return candidates;
}

/**
 * The mention and evidence rows of a batch. One mention per (chunk, entity, surface form): a passage that
 * defines "pulmonary embolism (PE)" gives the entity both names, so both stay its name and alias. Case
 * variants share a row; the most confident one wins. A relation without a page cites its chunk's first page
 * (`firstPage`, for a chunk `requireChunks` accepted).
 */
export function evidenceRows(
  items: ChunkEvidence[],
  entityIds: ResolvedEntities,
  firstPage: (chunkId: string) => number | undefined,
): { mentions: MentionFields[]; relations: RelationFields[] } {
  const mentions: MentionFields[] = [];
  const relations: RelationFields[] = [];
  for (const it of items) {
    const cid = chunkId(it.docId, it.chunkIndex);
    const local = new Map<string, string>();
    const best = new Map<string, { eid: string; m: EntityMentionInput }>();
    for (const m of it.entities) {
      const eid = resolvedId(entityIds, m);
      local.set(m.key, eid);
      if (m.id) local.set(m.id, eid);
      const form = `${eid}\u0000${m.name.toLowerCase()}`;
      const prev = best.get(form)?.m;
      if (!prev || (m.confidence ?? 1) > (prev.confidence ?? 1)) best.set(form, { eid, m });
    }
    let i = 0;
    for (const { eid, m } of best.values())
      mentions.push({
        id: mentionId(cid, i++),
        chunkId: cid,
        docId: it.docId,
        entityId: eid,
        surface: m.name,
        description: m.description ?? '',
        confidence: m.confidence ?? 1,
        spanStart: m.span?.start ?? -1,
        spanEnd: m.span?.end ?? -1,
      });
    it.relations.forEach((rel, j) => {
      const src = local.get(rel.source);
      const dst = local.get(rel.target);
      if (!src || !dst)
        throw new AriadneError(
          'invalid_input',
          `Relation ${rel.source} → ${rel.target} in ${cid} names an entity not listed for that chunk.`,
        );
      relations.push({
        id: relationId(cid, j),
        src,
        dst,
        keywords: rel.keywords ?? [],
        description: rel.description ?? '',
        confidence: rel.confidence ?? 1,
        chunkId: cid,
        docId: it.docId,
        page: rel.page ?? pageOf(firstPage, cid),
        pageEnd: rel.pageEnd ?? rel.page ?? -1,
        spanStart: rel.span?.start ?? -1,
        spanEnd: rel.span?.end ?? -1,
      });
    });
  }
  return { mentions, relations };
}

function pageOf(firstPage: (chunkId: string) => number | undefined, cid: string): number {
  const page = firstPage(cid);
  if (page === undefined) throw new AriadneError('internal', `No first page for chunk ${cid}.`);
  return page;
}

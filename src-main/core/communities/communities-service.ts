import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../deps';
import type { Library } from '../library';
import { writeFileAtomic } from '../library/atomic-file';
import type { LlmTasks } from '../llm/task-types';
import {
  buildCommunitySummaryInput,
  detectCommunities,
  updateCommunities,
  type Community,
  type CommunityHierarchy,
} from './index';

/**
 * Communities live beside retrieval, not inside it: they are derived data this module writes (Community
 * rows, membership, summaries from a model, their vectors, communities.json) on its own schedule, after
 * ingestion and entity edits. Retrieval only reads them (listCommunities, communityChunks, the vector
 * table) and may ask for them to exist (`ensure`), so retrieval's own code stays read-only. A module of its
 * own rather than a part of `entities/`: it has state, a debounce and model calls that entity edits do not.
 *
 * Wires community detection into the library. Membership, level, parent, title, summary and the stale flag
 * live in the graph (Community, IN_COMMUNITY, PARENT); what the graph schema has no column for (key topics,
 * central entities) and the previous hierarchy plus edge weights that incremental updates need live in
 * `communities.json` in the library folder, written atomically. After a change only the affected
 * communities are recomputed (updateCommunities) and re-summarised, in the background, bottom-up.
 */
interface State {
  hierarchy: CommunityHierarchy;
  /** "a\u0000b" (a < b) → evidence rows, to find which entities' edges changed since the last run. */
  edges: Record<string, number>;
  details: Record<string, { keyTopics: string[]; centralEntities: string[] }>;
}

export interface CommunitiesService {
  /** Debounced background refresh (membership, then summaries of what changed), once ingestion is idle. */
  schedule(): void;
  /** Recompute now and summarise everything stale; resolves when done. */
  refresh(opts?: {
    summarise?: boolean;
  }): Promise<{ added: number; removed: number; stale: number; summarised: number }>;
  /** Makes sure communities exist and have summaries (first global question on a new library). */
  ensure(): Promise<void>;
  details(id: string): { keyTopics: string[]; centralEntities: string[] } | null;
  idle(): Promise<void>;
  /** Cancels a pending refresh and waits for a running one; nothing starts afterwards. */
  close(): Promise<void>;
}

export function createCommunitiesService(deps: {
  library: () => Promise<Library>;
  tasks: LlmTasks;
  log: Logger;
  onWrite: () => void;
  debounceMs?: number;
  /** While true, a scheduled refresh waits (see RetrievalDeps.ingestBusy). */
  busy?: () => boolean;
  /** Told after a refresh that changed something, so open explorers can reload their colouring. */
  changed?: (e: { communities: number; summarised: number }) => void;
}): CommunitiesService {
  let state: State | null = null;
  let loadedFor = '';
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const file = (lib: Library) => path.join(lib.dataDir, 'communities.json');
  const load = (lib: Library): State | null => {
    if (loadedFor === lib.dataDir) return state;
    loadedFor = lib.dataDir;
    try {
      state = JSON.parse(fs.readFileSync(file(lib), 'utf8')) as State;
    } catch {
      state = null;
    }
    return state;
  };
  const save = async (lib: Library) => {
    if (state) await writeFileAtomic(file(lib), JSON.stringify(state));
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = running.then(fn, fn);
    running = p.catch(() => undefined);
    return p;
  };

  async function readGraph(lib: Library) {
    const { entities, pairs } = await lib.graph.entityGraph();
    const edges: Record<string, number> = {};
    for (const p of pairs) {
      const [a, b] = [p.a, p.b].sort() as [string, string];
      edges[`${a}\u0000${b}`] = (edges[`${a}\u0000${b}`] ?? 0) + p.weight;
    }
    return { nodes: entities.sort(), edges };
  }

  async function recompute(lib: Library) {
    const prev = load(lib);
    const { nodes, edges } = await readGraph(lib);
    const input = {
      nodes,
      edges: Object.entries(edges).map(([k, w]) => {
        // Every key was written as `${source}\u0000${target}` above.
        const [source = '', target = ''] = k.split('\u0000');
        return { source, target, weight: w };
      }),
    };
    let hierarchy: CommunityHierarchy;
    let added: string[];
    let removed: string[];
    let stale: string[];
    let predecessors: Record<string, string> = {};
    if (!prev || !prev.hierarchy.levels.length) {
      hierarchy = detectCommunities(input, { minSize: 2 });
      added = hierarchy.levels.flatMap((l) => l.communities.map((c) => c.id));
      removed = (await lib.graph.listCommunities()).map((c) => c.id);
      stale = [];
    } else {
      const changed = new Set<string>();
      for (const k of new Set([...Object.keys(edges), ...Object.keys(prev.edges)])) {
        if (edges[k] !== prev.edges[k]) for (const id of k.split('\u0000')) changed.add(id);
      }
      const known = new Set(Object.keys(prev.hierarchy.membership));
      for (const id of nodes) if (!known.has(id)) changed.add(id);
      if (!changed.size && nodes.length === known.size) return { added: 0, removed: 0, stale: 0 };
      const up = updateCommunities(prev.hierarchy, input, changed);
      hierarchy = up.hierarchy;
      ({ added, removed, stale, predecessors } = up.changes);
    }
    const all = new Map(hierarchy.levels.flatMap((l) => l.communities.map((c) => [c.id, c] as const)));
    const old = new Map((await lib.graph.listCommunities()).map((c) => [c.id, c]));
    const rows = [...added, ...stale].flatMap((id) => {
      const c = all.get(id);
      if (!c) return [];
      // A new community shows its predecessor's summary, marked stale, until its own is written.
      const before = old.get(id) ?? old.get(predecessors[id] ?? '');
      return [
        {
          id,
          level: c.level,
          title: before?.title ?? '',
          summary: before?.summary ?? '',
          stale: true,
          parentId: c.parentId,
          memberIds: c.members,
        },
      ];
    });
    // One transaction: membership and PARENT links change together (large ones are written in bulk).
    await lib.graph.upsertCommunities(rows);
    await lib.graph.deleteCommunities(removed.filter((id) => !all.has(id)));
    await lib.vectors.deleteIds('communities', removed).catch(() => undefined);
    const details = prev?.details ?? {};
    for (const id of removed) delete details[id];
    state = { hierarchy, edges, details };
    await save(lib);
    deps.onWrite();
    return { added: added.length, removed: removed.length, stale: stale.length };
  }

  async function summariseStale(lib: Library, limit = Infinity): Promise<number> {
    if (!state) return 0;
    const byId = new Map(state.hierarchy.levels.flatMap((l) => l.communities.map((c) => [c.id, c] as const)));
    const staleRows = (await lib.graph.listCommunities())
      .filter((c) => c.stale || !c.summary)
      .sort((a, b) => a.level - b.level);
    let n = 0;
    for (const row of staleRows) {
      if (n >= limit) break;
      const c = byId.get(row.id);
      if (!c) continue;
      await summariseOne(lib, c, byId);
      n++;
    }
    if (n) {
      await save(lib);
      deps.onWrite();
    }
    return n;
  }

  async function summariseOne(lib: Library, c: Community, byId: Map<string, Community>) {
    const members = [...c.centralEntities, ...c.members.filter((m) => !c.centralEntities.includes(m))].slice(
      0,
      60,
    );
    const ents = await lib.graph.getEntities(members);
    const inside = new Set(members);
    const edges = (await lib.graph.evidenceFrom(members)).filter((r) => inside.has(r.target)).slice(0, 400);
    const details = await lib.graph.evidenceDetails(edges.map((r) => r.key));
    const rels = edges.map((r) => ({ s: r.source, t: r.target, v: details.get(r.key) }));
    const existing = new Map((await lib.graph.listCommunities(c.level - 1)).map((x) => [x.id, x]));
    const input = buildCommunitySummaryInput(
      c,
      ents.map((e) => ({
        id: e.id,
        name: e.name,
        type: e.type,
        description: e.description,
        evidenceCount: e.evidenceCount,
      })),
      rels.map((r) => ({
        source: r.s,
        target: r.t,
        keywords: r.v?.keywords ?? [],
        description: r.v?.description ?? '',
        evidenceCount: 1,
      })),
      {
        childSummaries: c.childIds.flatMap((id) => {
          const child = existing.get(id);
          return child?.summary
            ? [{ id, title: child.title, summary: child.summary, size: byId.get(id)?.size }]
            : [];
        }),
      },
    );
    const report = await deps.tasks.summarizeCommunity(input.llmInput);
    await lib.graph.upsertCommunities([
      {
        id: c.id,
        level: c.level,
        title: report.title,
        summary: report.summary,
        stale: false,
        parentId: c.parentId,
        memberIds: c.members,
      },
    ]);
    if (state)
      state.details[c.id] = { keyTopics: report.keyTopics, centralEntities: c.centralEntities.slice(0, 10) };
    const embedding = lib.vectors.embedding();
    if (embedding) {
      const text = `${report.title}. ${report.summary} Key topics: ${report.keyTopics.join(', ')}`;
      const [vec] = await deps.tasks.embed([text]);
      if (vec && vec.length === embedding.dimension)
        await lib.vectors.upsert('communities', [{ id: c.id, text, vector: vec }]);
    }
  }

  const api: CommunitiesService = {
    schedule() {
      if (closed) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (deps.busy?.()) return api.schedule();
        void api
          .refresh()
          .catch((e: unknown) =>
            deps.log.log('warn', 'community refresh failed', { error: (e as Error).message }),
          );
      }, deps.debounceMs ?? 2000);
      timer.unref?.();
    },
    refresh(opts = {}) {
      return serial(async () => {
        if (closed) return { added: 0, removed: 0, stale: 0, summarised: 0 };
        const lib = await deps.library();
        const r = await recompute(lib);
        const summarised = opts.summarise === false ? 0 : await summariseStale(lib);
        if (r.added || r.removed || r.stale || summarised) {
          deps.log.log('info', 'communities refreshed', { ...r, summarised });
          deps.changed?.({ communities: (await lib.graph.listCommunities()).length, summarised });
        }
        return { ...r, summarised };
      });
    },
    async ensure() {
      const lib = await deps.library();
      const have = await lib.graph.listCommunities();
      if (!have.length || !load(lib) || have.some((c) => !c.summary)) await api.refresh();
    },
    details(id) {
      return state?.details[id] ?? null;
    },
    async idle() {
      await running;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
  return api;
}

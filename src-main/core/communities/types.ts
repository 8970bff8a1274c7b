// Plain-data types for community detection. Everything here is serialisable (no Maps, no class
// instances) so results can cross a worker boundary and be written to the store as they are.

/** One undirected, weighted edge. Repeated pairs add up (one RELATED row per piece of evidence). */
export interface WeightedEdge {
  source: string;
  target: string;
  /** Defaults to 1. Non-positive or non-finite weights are ignored. */
  weight?: number;
}

/** Storage-agnostic graph input: what the Kùzu store (or a test) hands to detection. */
export interface PlainGraph {
  nodes: ReadonlyArray<string | { id: string }>;
  edges: ReadonlyArray<WeightedEdge>;
}

export interface DetectOptions {
  /** Modularity resolution for level 0 (higher = smaller communities). Default 1. */
  resolution?: number;
  /** Seed of the deterministic RNG. Default 42. */
  seed?: number;
  /** Maximum number of hierarchy levels, level 0 included. Default 4. */
  maxLevels?: number;
  /** Level-0 communities smaller than this are merged into their best-connected neighbour. Default 1. */
  minSize?: number;
  /** Stop adding levels once a level has at most this many communities. Default 6. */
  topSize?: number;
  /** How many central entities to keep per community. Default 10. */
  centralCount?: number;
  /** Independent Leiden runs (seeds derived from `seed`); the best modularity wins. Default 4. */
  restarts?: number;
  /** Edge attribute holding the weight when the input is a graphology graph. Default 'weight'. */
  weightAttribute?: string;
}

export type ResolvedDetectOptions = Required<Omit<DetectOptions, 'weightAttribute'>> & {
  weightAttribute: string;
};

export interface Community {
  /** Deterministic from level and members: same members at the same level give the same id. */
  id: string;
  level: number;
  /** Community one level up; null at the top level. */
  parentId: string | null;
  /** Communities one level down; empty at level 0. Sorted. */
  childIds: string[];
  /** Entity ids, sorted. */
  members: string[];
  size: number;
  /** Sum of the weights of edges with both ends inside. */
  internalWeight: number;
  /** Sum of the weights of edges leaving the community. */
  externalWeight: number;
  /** internal edge weight / possible pairs (1 for a singleton). */
  density: number;
  /** This community's term of the modularity sum at resolution 1 (they add up to the level's modularity). */
  modularityContribution: number;
  /** Entity ids ranked by weighted degree inside the community, most central first. */
  centralEntities: string[];
}

export interface CommunityLevel {
  level: number;
  /** Resolution used to build this level (levels above 0 use lower values to merge communities). */
  resolution: number;
  /** Modularity of this level's partition at resolution 1 (the standard definition). */
  modularity: number;
  communities: Community[];
}

export interface CommunityHierarchy {
  /** levels[0] is the finest partition; the last level is the coarsest. */
  levels: CommunityLevel[];
  /** Entity id → level-0 community id. */
  membership: Record<string, string>;
  options: ResolvedDetectOptions;
  nodeCount: number;
  totalWeight: number;
}

/** What an incremental update changed, so summaries can be marked stale and refreshed in the background. */
export interface CommunityChanges {
  /** New community ids (new or changed membership): they need a summary. */
  added: string[];
  /** Community ids that no longer exist: drop them and their summaries. */
  removed: string[];
  /** Same id (same members) but a member or an internal edge changed: summary is stale. */
  stale: string[];
  /** added ∪ stale, bottom-up (level 0 first) so parents can reuse fresh child summaries. */
  refreshOrder: string[];
  /** New id → the removed id it overlaps most, so the store can show the old summary (marked stale) meanwhile. */
  predecessors: Record<string, string>;
  /** Fraction of entities whose level-0 community was re-optimised; a large value suggests a full detect. */
  affectedFraction: number;
}

export interface CommunityUpdate {
  hierarchy: CommunityHierarchy;
  changes: CommunityChanges;
}

// Public surface of community detection and maintenance (seed 004). Pure: plain data in, plain data out.
export { detectCommunities, resolveOptions } from './detect';
export { updateCommunities } from './incremental';
export { diffHierarchies } from './diff';
export { communityId } from './records';
export { modularity, toEntityGraph, type GraphInput } from './level-graph';
export { disconnectedCommunities, partitionModularity } from './checks';
export {
  buildCommunitySummaryInput,
  type ChildSummary,
  type CommunitySummaryInput,
  type LlmCommunityInput,
  type SummaryEntity,
  type SummaryInputOptions,
  type SummaryRelationship,
} from './summary-input';
export type * from './types';

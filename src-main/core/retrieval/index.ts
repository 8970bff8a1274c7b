// Public surface of retrieval: graph search, QA modes, communities wiring, handlers.
export { createRetrievalService, type RetrievalService } from './retrieval-service';
export { createGraphHandlers } from './graph-handlers';
export { createQaHandlers } from './qa-handlers';
export type { RetrievalDeps } from './deps';
export { graphSearch, type SearchContext, type SearchInput } from './search/graph-search';
export { resolveTerm } from './search/resolve-term';
export { ask, retrieve, makeQaContext } from './qa/qa-service';
export { searchChunks, type ChunkSearchMode } from './qa/chunk-search';
export { INSUFFICIENT } from './qa/answer';

// Domain writes on entities, shared by the graph handlers and ingestion.
export {
  deleteEntity,
  foldEntities,
  mergeEntities,
  renameEntity,
  undoMerges,
  type EntityFold,
} from './entity-edits';
export { entityText, refreshEntityVectors, type EmbedTexts } from './entity-vectors';
export { createEntityHandlers } from './entity-handlers';

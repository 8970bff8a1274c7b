export type {
  LlmProvider,
  ChatMessage,
  ChatRequest,
  ChatResult,
  CallOptions,
  PullOptions,
  ProviderHealth,
  Usage,
} from './provider';
export type { LlmTasks, TasksOptions, TaskOptions, AnswerSource, CommunityInput } from './tasks';
export { createTasks } from './tasks';
export {
  createProvider,
  SUGGESTED_CHAT_MODEL,
  SUGGESTED_EMBED_MODEL,
  type CreateProviderOptions,
  type ProviderChoice,
} from './create-provider';
export {
  createOllamaProvider,
  type OllamaProvider,
  type OllamaProviderOptions,
} from './ollama/ollama-provider';
export { testOllamaConnection } from './ollama/connection';
export { recommendModels } from './ollama/models';
export { createBuiltinProvider, BUILTIN_CHAT_MODEL, type BuiltinProvider } from './builtin/builtin-provider';
export { BUILTIN_EMBED_DIM, BUILTIN_EMBED_MODEL, hashedEmbedding } from './builtin/embed';
export { createMetrics, outcomeOf, type LlmMetrics, type CallRecord } from './metrics';
export {
  BIOMEDICAL_ENTITY_TYPES,
  LONGEVITY_ENTITY_TYPES,
  entityTypesFor,
  extractionSchema,
  type Extraction,
  type CommunityReport,
} from './schemas';
export { withRetry } from './retry';

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
export type { LlmTasks, TasksOptions, TaskOptions, AnswerSource, CommunityInput } from './task-types';
export { createTasks } from './tasks';
export {
  createProvider,
  SUGGESTED_CHAT_MODEL,
  SUGGESTED_EMBED_MODEL,
  type CreateProviderOptions,
  type ProviderChoice,
} from './create-provider';
export type { ModelServer, ServerCall, ServerChatRequest, ServerChatReply } from './server';
export { createServedProvider, type ServedProvider, type ServedProviderOptions } from './served-provider';
export {
  createOllamaProvider,
  type OllamaProvider,
  type OllamaProviderOptions,
} from './ollama/ollama-provider';
export { createOllamaServer } from './ollama/ollama-server';
export { createOpenAiProvider, type OpenAiProviderOptions } from './openai/openai-provider';
export { createOpenAiServer } from './openai/openai-server';
export { testConnection } from './connection';
export { recommendModels } from './recommend';
export { modelGuide, formatBytes, WHAT_A_MODEL_ADDS, OLLAMA_INSTALL_URL } from './model-guide';
export { createApiKeyStore, defaultConfigDir, type ApiKeyStore } from './api-key-store';
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

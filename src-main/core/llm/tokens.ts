import { AriadneError } from '../../contract';

/**
 * A conservative token estimate: BPE vocabularies average ~4 characters per English token but scientific
 * text (symbols, numbers, Greek letters) runs closer to 3, and over-estimating only costs a little KV cache
 * while under-estimating lets Ollama truncate the prompt silently.
 */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const words = text.match(/\S+/g)?.length ?? 0;
  return Math.ceil(Math.max(text.length / 3, words * 1.3)) + 4;
}

export function estimateMessagesTokens(messages: { content: string }[], extra = ''): number {
  // Chat templates add a handful of tokens per message (role markers, separators).
  return messages.reduce((n, m) => n + estimateTokens(m.content) + 8, 0) + estimateTokens(extra);
}

/**
 * Chooses `num_ctx` for a call: room for the prompt plus the reply, rounded up to a multiple of 1024
 * so Ollama can reuse a loaded runner across calls of similar size. Fails when the model cannot hold it.
 */
export function fitContext(
  promptTokens: number,
  maxOutputTokens: number,
  modelContext: number,
  model: string,
) {
  const needed = promptTokens + maxOutputTokens;
  if (needed > modelContext) {
    throw new AriadneError(
      'context_overflow',
      `The prompt needs about ${needed} tokens (${promptTokens} prompt + ${maxOutputTokens} reply) but ${model} holds ${modelContext}. Use smaller chunks or a model with a longer context.`,
      { retryable: false },
    );
  }
  return Math.min(modelContext, Math.max(2048, Math.ceil(needed / 1024) * 1024));
}

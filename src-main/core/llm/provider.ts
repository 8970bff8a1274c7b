import type { ProviderName } from '../../contract';

/** Result of a provider health probe, shown by `ariadne doctor` and the status bar. */
export interface ProviderHealth {
  ok: boolean;
  detail: string;
  fix?: string;
}

/**
 * The LLM seam of the core. Both the real Ollama provider and the built-in offline provider implement
 * it; nothing else in the core knows which one it has.
 */
export interface LlmProvider {
  readonly name: ProviderName;
  readonly chatModel: string | null;
  readonly embedModel: string | null;
  health(): Promise<ProviderHealth>;
}

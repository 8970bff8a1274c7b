import type { ProviderName } from '../../src-main/contract';

/** How the UI names a provider. */
export function providerLabel(p: ProviderName): string {
  return p === 'builtin' ? 'built-in (offline)' : p === 'openai' ? 'OpenAI-compatible server' : 'Ollama';
}

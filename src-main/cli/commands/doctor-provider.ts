import os from 'node:os';
import type { HealthCheck } from '../../contract';
import { llmOverrides, type GlobalOptions } from '../global-options';

/**
 * The model server checks of `ariadne doctor`: every endpoint of the provider the library would start with
 * (flags and environment over its saved settings), each on its own line. Ollama is checked even when the
 * built-in engine runs, so the user learns how to get the better one; when the built-in engine can stand in,
 * a missing Ollama is a warning (!), not a failure and not a ✓, and the lines after it say what a model adds
 * and which one to pull on this machine.
 */
export async function providerChecks(
  g: GlobalOptions,
): Promise<{ checks: HealthCheck[]; warnings: string[] }> {
  // Through the model layer's public entry (core/llm): loaded here, not at start, so `--help` does not pay for it.
  const llm = await import('../../core/llm');
  const { decideLlm, readSavedLlmSettings, normaliseOllamaUrl } = await import('../../core/boot-settings');
  const decision = decideLlm(readSavedLlmSettings(g.data), llmOverrides(g), llm.createApiKeyStore().get());
  const openai = decision.kind === 'openai';
  const urls = [openai ? decision.baseUrl : normaliseOllamaUrl(decision.host), ...decision.extraEndpoints];
  const checks: HealthCheck[] = [];
  const warnings: string[] = [];
  let anyUp = false;
  for (const [i, url] of urls.entries()) {
    const server = openai
      ? llm.createOpenAiServer({ baseUrl: url, apiKey: decision.apiKey })
      : llm.createOllamaServer({ host: url });
    const probe = await llm.testConnection(server, { timeoutMs: 2000 });
    anyUp ||= probe.ok;
    const name = i === 0 ? (openai ? 'model-server' : 'ollama') : `endpoint-${i + 1}`;
    // Only a provider asked for by name must answer; `auto` falls back to the built-in engine.
    const required = decision.kind === 'ollama' || openai;
    if (!probe.ok && !required) warnings.push(name);
    checks.push({
      name,
      ok: probe.ok || !required || (i > 0 && anyUp),
      detail: `${probe.detail}${urls.length > 1 ? ` (endpoint ${i + 1} of ${urls.length})` : ''}`,
      fix: probe.ok
        ? undefined
        : `${probe.fix ?? server.unreachableFix}` +
          (required
            ? ' Or run with `--llm builtin`.'
            : ' Until then Ariadne uses its built-in offline engine.'),
    });
  }
  if (!anyUp && !openai) {
    const guide = llm.modelGuide(os.totalmem());
    const pulls = guide.recommended
      .map((s) => `ollama pull ${s.model} (${llm.formatBytes(s.downloadBytes)} download)`)
      .join(' and ');
    warnings.push('model-guide');
    checks.push({
      name: 'model-guide',
      ok: true,
      detail: guide.whatAModelAdds,
      fix: `Install Ollama from ${guide.installUrl}, then on this machine (${Math.round(guide.memoryBytes / 1024 ** 3)} GB memory): ${pulls}.`,
    });
  }
  return { checks, warnings };
}

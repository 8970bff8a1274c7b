import type { ConnectionTest } from '../../../contract/llm';
import type { Clock } from '../../deps';
import { systemClock } from '../../deps';
import { callGuard, clientFor } from './call-guard';
import { classifyOllamaError } from './errors';

/** Probes an Ollama server: used by `auto` provider selection, `ariadne doctor` and the settings page. */
export async function testOllamaConnection(
  host: string,
  opts: { timeoutMs?: number; clock?: Clock; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ConnectionTest> {
  const clock = opts.clock ?? systemClock;
  const t0 = Date.now();
  const g = callGuard(clock, opts.timeoutMs ?? 2000, opts.signal);
  try {
    const client = clientFor(host, g.signal, opts.headers);
    const { version } = await client.version();
    const { models } = await client.list();
    return {
      ok: true,
      host,
      version,
      latencyMs: Date.now() - t0,
      modelCount: models.length,
      detail: `ollama ${version} at ${host}, ${models.length} model${models.length === 1 ? '' : 's'} installed`,
    };
  } catch (e) {
    const err = classifyOllamaError(e, {
      host,
      timedOut: g.timedOut,
      cancelled: g.cancelled,
      timeoutMs: g.timeoutMs,
    });
    return {
      ok: false,
      host,
      version: null,
      latencyMs: Date.now() - t0,
      modelCount: 0,
      detail: err.message,
      fix:
        err.code === 'ollama_unreachable' || err.code === 'timeout'
          ? // Read in Settings and by `ariadne doctor` alike: no screen-specific directions here.
            `Start Ollama (\`ollama serve\` or the Ollama app), or correct its URL; install it from https://ollama.com.`
          : undefined,
    };
  } finally {
    g.done();
  }
}

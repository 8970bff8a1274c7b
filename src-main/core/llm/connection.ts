import type { ConnectionTest } from '../../contract/llm';
import type { Clock } from '../deps';
import { systemClock } from '../deps';
import { callGuard } from './call-guard';
import type { ModelServer } from './server';

/** Probes one model server: used by `auto` provider selection, `ariadne doctor` and the Settings test. */
export async function testConnection(
  server: ModelServer,
  opts: { timeoutMs?: number; clock?: Clock; signal?: AbortSignal } = {},
): Promise<ConnectionTest> {
  const clock = opts.clock ?? systemClock;
  const t0 = Date.now();
  const g = callGuard(clock, opts.timeoutMs ?? 2000, opts.signal);
  try {
    const { version, modelCount } = await server.probe({ signal: g.signal, touch: () => g.touch() });
    const what = server.kind === 'ollama' ? 'installed' : 'served';
    return {
      ok: true,
      host: server.url,
      version,
      latencyMs: Date.now() - t0,
      modelCount,
      detail: `${server.kind === 'ollama' ? `ollama ${version ?? ''}`.trim() : `model server${version ? ` ${version}` : ''}`} at ${server.url}, ${modelCount} model${modelCount === 1 ? '' : 's'} ${what}`,
    };
  } catch (e) {
    const err = server.classify(e, {
      model: null,
      timedOut: g.timedOut,
      cancelled: g.cancelled,
      timeoutMs: g.timeoutMs,
    });
    return {
      ok: false,
      host: server.url,
      version: null,
      latencyMs: Date.now() - t0,
      modelCount: 0,
      detail: err.message,
      // Read in Settings and by `ariadne doctor` alike: no screen-specific directions here.
      fix:
        err.code === 'server_unreachable' || err.code === 'timeout'
          ? server.unreachableFix
          : err.code === 'server_refused'
            ? 'Give the server its API key (`--api-key`, ARIADNE_API_KEY, or Settings → Model).'
            : undefined,
    };
  } finally {
    g.done();
  }
}

import type { ModelInfo } from '../../contract/llm';
import { at } from '../at';
import type { Clock } from '../deps';
import { callGuard } from './call-guard';
import { testConnection } from './connection';
import type { EndpointPool } from './endpoints';
import type { ProviderHealth } from './provider';
import { sameModel } from './recommend';
import { guardCall } from './served-calls';

/**
 * Whether every endpoint answers and serves both models, with the command (or the step) that fixes what is
 * missing; with several endpoints, how many answer.
 */
export async function servedHealth(
  pool: EndpointPool,
  clock: Clock,
  chatModel: string,
  embedModel: string,
): Promise<ProviderHealth> {
  const results = await Promise.all(
    pool.servers.map(async (server) => {
      const conn = await testConnection(server, { clock });
      if (!conn.ok) return { ok: false, detail: conn.detail, fix: conn.fix };
      const g = callGuard(clock, 15_000);
      const installed = await server.models(guardCall(g)).catch(() => [] as ModelInfo[]);
      g.done();
      const missing = [chatModel, embedModel].filter((m) => !installed.some((i) => sameModel(i.name, m)));
      if (missing.length) {
        return {
          ok: false,
          detail: `${conn.detail}; missing ${missing.join(', ')}`,
          fix:
            server.kind === 'ollama'
              ? missing.map((m) => `ollama pull ${m}`).join(' && ')
              : `Load ${missing.join(' and ')} in the server, or choose models it serves.`,
        };
      }
      return { ok: true, detail: conn.detail };
    }),
  );
  const up = results.filter((x) => x.ok);
  const models = `chat ${chatModel}, embeddings ${embedModel}`;
  if (results.length === 1) {
    const only = at(results, 0);
    return only.ok ? { ok: true, detail: `${only.detail}; ${models}` } : only;
  }
  const detail = `${up.length} of ${results.length} endpoints answer (${results.map((x) => x.detail).join(' | ')}); ${models}`;
  const fix = results.find((x) => !x.ok)?.fix;
  return up.length ? { ok: true, detail, ...(fix ? { fix } : {}) } : { ok: false, detail, fix };
}

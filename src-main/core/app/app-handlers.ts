import fs from 'node:fs';
import type { AppHealth, AppInfo, HealthCheck } from '../../contract';
import type { Clock, Logger } from '../deps';
import type { LlmProvider } from '../llm/provider';

interface AppDeps {
  deps: {
    dataDir: string;
    llm: LlmProvider;
    clock: Clock;
    log: Logger;
    host: AppInfo['host'];
    version: string;
    providerReason: string;
  };
  startedAt: number;
  platform: string;
}

export function createAppHandlers({ deps, startedAt, platform }: AppDeps) {
  return {
    async 'app:info'(): Promise<AppInfo> {
      return {
        name: 'Ariadne',
        version: deps.version,
        dataDir: deps.dataDir,
        provider: deps.llm.name,
        host: deps.host,
        platform,
      };
    },
    async 'app:health'(): Promise<AppHealth> {
      const checks: HealthCheck[] = [dataDirCheck(deps.dataDir)];
      const llm = await deps.llm.health();
      checks.push({ name: `provider:${deps.llm.name}`, ok: llm.ok, detail: llm.detail, fix: llm.fix });
      return {
        ok: checks.every((c) => c.ok),
        provider: deps.llm.name,
        providerDetail: llm.detail,
        providerReason: deps.providerReason,
        chatModel: deps.llm.chatModel,
        embedModel: deps.llm.embedModel,
        checks,
        uptimeMs: deps.clock.now() - startedAt,
      };
    },
  };
}

function dataDirCheck(dir: string): HealthCheck {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return { name: 'data-dir', ok: true, detail: `library folder ${dir} is writable` };
  } catch {
    return {
      name: 'data-dir',
      ok: false,
      detail: `library folder ${dir} is not writable`,
      fix: `Check the folder's permissions, or choose another with --data DIR.`,
    };
  }
}

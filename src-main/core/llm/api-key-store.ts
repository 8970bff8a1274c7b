import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '../paths';

/**
 * The OpenAI-compatible server's API key lives in the user's config folder (`secrets.json`, mode 0600), never
 * in the library folder: a library is copied, backed up, exported and shared, and a key must not travel
 * with it. `ARIADNE_CONFIG_DIR` moves the folder (tests, portable installs).
 */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ARIADNE_CONFIG_DIR ?? path.dirname(defaultDataDir(env));
}

export interface ApiKeyStore {
  get(): string | null;
  set(key: string | null): Promise<void>;
  readonly file: string;
}

export function createApiKeyStore(configDir: string = defaultConfigDir()): ApiKeyStore {
  const file = path.join(configDir, 'secrets.json');
  const read = (): Record<string, unknown> => {
    try {
      const v = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return {
    file,
    get() {
      const key = read().openaiApiKey;
      return typeof key === 'string' && key ? key : null;
    },
    async set(key) {
      const next = { ...read() };
      if (key) next.openaiApiKey = key;
      else delete next.openaiApiKey;
      await fs.promises.mkdir(configDir, { recursive: true });
      // Written to a private temporary file and renamed: the key is never readable by others, not even briefly.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
      await fs.promises.chmod(tmp, 0o600);
      await fs.promises.rename(tmp, file);
    },
  };
}

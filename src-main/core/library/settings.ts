import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-file';

export interface LibrarySettings {
  /** Format of this file. */
  version: 1;
  /** The embedding model the vectors were made with; null until the first embedding. */
  embedding: { model: string; dimension: number } | null;
  /** The graph backend holding this library (store/backends.ts), recorded when it is first opened. */
  graphBackend?: string;
  /** Everything else (models, preferences) is owned by other modules and kept verbatim. */
  [key: string]: unknown;
}

export interface SettingsStore {
  get(): LibrarySettings;
  /** Shallow-merges `patch` and writes the file atomically; concurrent updates are applied in order. */
  update(patch: Partial<LibrarySettings>): Promise<LibrarySettings>;
}

const DEFAULTS: LibrarySettings = { version: 1, embedding: null };

/** `<file>.unreadable-<time>`: where a file that is not valid JSON is kept for its owner to look at. */
export function setAsideName(file: string): string {
  return `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

export function openSettings(dataDir: string): SettingsStore {
  const file = path.join(dataDir, 'settings.json');
  let current: LibrarySettings = { ...DEFAULTS };
  if (fs.existsSync(file)) {
    try {
      current = { ...DEFAULTS, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as object) };
    } catch {
      // Atomic writes make a torn file impossible; a corrupt one was edited by hand. Refusing it blocked
      // every command, doctor included: it is kept aside for its owner and the library opens with defaults
      // (the embedding model is recorded again by the next embedding).
      fs.renameSync(file, setAsideName(file));
    }
  }
  let chain: Promise<unknown> = Promise.resolve();
  return {
    get: () => structuredClone(current),
    update(patch) {
      const next = chain.then(async () => {
        const merged = { ...current, ...patch, version: 1 as const };
        await writeFileAtomic(file, JSON.stringify(merged, null, 2) + '\n');
        current = merged;
        return structuredClone(current);
      });
      chain = next.catch(() => undefined);
      return next;
    },
  };
}

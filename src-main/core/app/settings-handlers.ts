import type { ApiHandlers } from '../../contract';
import type { SettingsEffect } from '../../contract/llm';
import { AppSettings } from '../../contract/settings';
import type { SettingsStore } from '../library/settings';

type SettingsHandlers = Pick<ApiHandlers, 'settings:get' | 'settings:set'>;

/**
 * The Settings screen's values live in the library's settings.json under `app`, beside what the store
 * keeps there (embedding model and dimension), so they travel with the library folder.
 */
export function createSettingsHandlers(
  store: SettingsStore,
  defaults: Partial<AppSettings>,
  /** What a saved change of the model settings does (see `llm/settings-effect.ts`). */
  effectOf?: (next: AppSettings, patch: Partial<AppSettings>) => Promise<SettingsEffect | undefined>,
): SettingsHandlers {
  const current = () =>
    AppSettings.parse({ ...defaults, ...((store.get().app as object | undefined) ?? {}) });
  return {
    async 'settings:get'() {
      return current();
    },
    async 'settings:set'(patch) {
      const next = AppSettings.parse({ ...current(), ...patch });
      await store.update({ app: next });
      const effect = await effectOf?.(next, patch);
      return effect ? { ...next, effect } : next;
    },
  };
}

import { useCallback, useEffect, useState } from 'react';
import type { SettingsEffect } from '../../../src-main/contract';
import type { AppSettings } from '../../../src-main/contract/settings';
import { describeError, useRpc } from '../../api/rpc';
import { useNoticeStore } from '../../stores/notice-store';

/**
 * The library settings, loaded once; each change is saved at once and the backend's copy wins. A change of
 * the provider or its models also brings what it did (`effect`): applied now or at the next start.
 */
export function useSettings() {
  const api = useRpc();
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [effect, setEffect] = useState<SettingsEffect | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.call('settings:get', {}).then(setSettings, (e) => setError(describeError(e).message));
  }, [api]);
  useEffect(load, [load]);
  const save = useCallback(
    async (patch: Partial<AppSettings>) => {
      try {
        const { effect: what, ...next } = await api.call('settings:set', patch);
        setSettings(next);
        // A provider or model change says what it did (and whether its server answers); the others apply at once.
        if (what) setEffect(what);
        useNoticeStore.getState().push(what && !what.ok ? 'info' : 'ok', what ? what.message : 'Saved.');
      } catch (e) {
        useNoticeStore.getState().push('error', `Not saved: ${describeError(e).message}`);
      }
    },
    [api],
  );
  return { settings, error, reload: load, save, effect };
}

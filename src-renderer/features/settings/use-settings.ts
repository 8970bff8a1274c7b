import { useCallback, useEffect, useState } from 'react';
import type { AppSettings } from '../../../src-main/contract/settings';
import { describeError, useRpc } from '../../api/rpc';
import { useNoticeStore } from '../../stores/notice-store';

/** The library settings, loaded once; each change is saved at once and the backend's copy wins. */
export function useSettings() {
  const api = useRpc();
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.call('settings:get', {}).then(setSettings, (e) => setError(describeError(e).message));
  }, [api]);
  useEffect(load, [load]);
  const save = useCallback(
    async (patch: Partial<AppSettings>) => {
      try {
        setSettings(await api.call('settings:set', patch));
        useNoticeStore.getState().push('ok', 'Settings saved.');
      } catch (e) {
        useNoticeStore.getState().push('error', `Not saved: ${describeError(e).message}`);
      }
    },
    [api],
  );
  return { settings, error, reload: load, save };
}

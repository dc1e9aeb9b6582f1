import { useCallback, useEffect, useState } from 'react';
import type { PhoneState } from '../../../common/phone-contract';
import type { Refusal } from '../../../common/refusals';
import { useConsoleApi } from './store-context';

/** The phone channel's state from main, kept current by `phone:changed`, and one call per action. */
export function usePhone() {
  const api = useConsoleApi();
  const [state, setState] = useState<PhoneState>();
  const [error, setError] = useState<Refusal>();
  useEffect(() => {
    let live = true;
    const off = api.on('phone:changed', setState);
    void api.invoke('phone:state', {}).then((result) => live && result.ok && setState(result.value));
    return () => {
      live = false;
      off();
    };
  }, [api]);
  /** Runs one call; its refusal (a code, and main's sentence) is kept for the page to word, its new state the page's. */
  const run = useCallback(
    async (
      call: () => Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>,
    ) => {
      setError(undefined);
      const result = await call();
      if (!result.ok) {
        setError(result.error);
        return false;
      }
      const value = result.value as Partial<PhoneState> | undefined;
      if (value && 'connected' in value) setState(value as PhoneState);
      return true;
    },
    [],
  );
  return { state, error, run, api };
}

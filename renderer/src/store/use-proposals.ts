import { useCallback, useEffect, useState } from 'react';
import type { ProposalsState } from '../../../common/proposals-contract';
import type { Result } from '../../../common/console-contract';
import type { Refusal } from '../../../common/refusals';
import { useConsoleApi } from './store-context';

/**
 * The rules history proposes, from main: fetched at once, then replaced by `proposals:changed`, which main
 * pushes whenever it works them out anew (history or a settings file changed, an apply, a dismissal).
 */
export function useProposals() {
  const api = useConsoleApi();
  const [state, setState] = useState<ProposalsState>();
  const [error, setError] = useState<Refusal>();
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void api.invoke('proposals:list', {}).then((result) => live && result.ok && setState(result.value));
    refresh();
    const off = api.on('proposals:changed', setState);
    return () => {
      live = false;
      off();
    };
  }, [api]);
  /** Runs one action; its refusal is kept for the view to word, its new list shown. */
  const run = useCallback(async (call: () => Promise<Result<ProposalsState>>) => {
    setError(undefined);
    const result = await call();
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setState(result.value);
    return true;
  }, []);
  return { state, error, run, api };
}

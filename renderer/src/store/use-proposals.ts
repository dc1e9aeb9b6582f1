import { useCallback, useEffect, useState } from 'react';
import type { ProposalsState } from '../../../common/proposals-contract';
import type { Result } from '../../../common/console-contract';
import type { Refusal } from '../../../common/refusals';
import { useConsoleApi } from './store-context';

/**
 * The rules history proposes, from main: fetched at once, again when history or a settings file changes
 * (the counts move), and replaced by `proposals:changed` after an apply, a dismissal or the switch.
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
    const offs = [
      api.on('proposals:changed', setState),
      api.on('history:changed', refresh),
      api.on('rules:changed', refresh),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
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

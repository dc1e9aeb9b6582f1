import { createContext, useContext } from 'react';
import type { Context } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import type { ConsoleApi } from '../../../common/console-contract';
import type { PrefsState } from './prefs-store';
import type { QueueState } from './queue-store';

/** The one way a view's state reaches its components: a zustand store handed down through React context. */
export function createStoreContext<S>(owner: string) {
  const StoreContext = createContext<StoreApi<S> | undefined>(undefined);
  function useStoreApi(): StoreApi<S> {
    const store = useContext(StoreContext);
    if (!store) throw new Error(`The ${owner} components need their store's Provider above them.`);
    return store;
  }
  return {
    Provider: StoreContext.Provider,
    /** The store itself, for event handlers that read the latest state without subscribing. */
    useStoreApi,
    useSelected: <T,>(selector: (state: S) => T): T => useStore(useStoreApi(), selector),
  };
}

const queue = createStoreContext<QueueState>('queue');
export const QueueProvider = queue.Provider;
export const useQueue = queue.useSelected;

const prefs = createStoreContext<PrefsState>('preferences');
export const PrefsProvider = prefs.Provider;
export const usePrefs = prefs.useSelected;

/** The transport itself, for views that build their own store over it (the rule editor, the history). */
const ApiContext: Context<ConsoleApi | undefined> = createContext<ConsoleApi | undefined>(undefined);
export const ConsoleApiProvider = ApiContext.Provider;
export function useConsoleApi(): ConsoleApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('The console views need a ConsoleApiProvider above them.');
  return api;
}

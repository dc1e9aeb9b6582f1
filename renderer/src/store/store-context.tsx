import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ConsoleApi } from '../../../common/console-contract';
import type { QueueState, QueueStore } from './queue-store';
import type { PrefsState, PrefsStore } from './prefs-store';

export interface Stores {
  /** The transport itself, for views that build their own store over it (the rule editor, the history). */
  readonly api: ConsoleApi;
  readonly queue: QueueStore;
  readonly prefs: PrefsStore;
}

const StoresContext = createContext<Stores | undefined>(undefined);

export const StoresProvider = StoresContext.Provider;

function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('The queue components need a StoresProvider above them.');
  return stores;
}

export function useQueue<T>(selector: (state: QueueState) => T): T {
  return useStore(useStores().queue, selector);
}

export function usePrefs<T>(selector: (state: PrefsState) => T): T {
  return useStore(useStores().prefs, selector);
}

/** The queue store itself, for event handlers that read the latest state without subscribing. */
export function useQueueStore(): QueueStore {
  return useStores().queue;
}

export function useConsoleApi(): ConsoleApi {
  return useStores().api;
}

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { HistoryState, HistoryStore } from '../../store/history-store';

const HistoryContext = createContext<HistoryStore | undefined>(undefined);

export const HistoryStoreProvider = HistoryContext.Provider;

export function useHistoryStore(): HistoryStore {
  const store = useContext(HistoryContext);
  if (!store) throw new Error('The history components need a HistoryStoreProvider above them.');
  return store;
}

export function useHistory<T>(selector: (state: HistoryState) => T): T {
  return useStore(useHistoryStore(), selector);
}

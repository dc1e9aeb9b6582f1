import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { RulesState, RulesStore } from '../../store/rules-store';

const RulesContext = createContext<RulesStore | undefined>(undefined);

export const RulesProvider = RulesContext.Provider;

export function useRulesStore(): RulesStore {
  const store = useContext(RulesContext);
  if (!store) throw new Error('The rule editor components need a RulesProvider above them.');
  return store;
}

export function useRules<T>(selector: (state: RulesState) => T): T {
  return useStore(useRulesStore(), selector);
}

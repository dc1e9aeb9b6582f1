import { createStoreContext } from '../../store/store-context';
import type { RulesState } from '../../store/rules-store';

const rules = createStoreContext<RulesState>('rule editor');
export const RulesProvider = rules.Provider;
export const useRules = rules.useSelected;

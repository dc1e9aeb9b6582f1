import { createStoreContext } from '../../store/store-context';
import type { HistoryState } from '../../store/history-store';

const history = createStoreContext<HistoryState>('history');
export const HistoryStoreProvider = history.Provider;
export const useHistoryStore = history.useStoreApi;
export const useHistory = history.useSelected;

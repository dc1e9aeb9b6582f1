/**
 * The activity panel's state: the sessions the agents reported calls of, the open one's calls (or, while
 * a search is typed, the calls of every session that match it), read again whenever history changes.
 * Each read takes a ticket, so an answer that arrives after a newer read started is dropped.
 */
import { createStore } from 'zustand/vanilla';
import type { ConsoleApi } from '../../../common/console-contract';
import type {
  ActivityCallView,
  ActivityHitView,
  ActivitySessionView,
  ExportFormatView,
} from '../../../common/history-contract';

/** A session's calls, at most; the agents' sessions run to hundreds. */
const CALLS_PAGE = 200;
const SESSIONS_PAGE = 50;

export interface ActivityState {
  readonly sessions: readonly ActivitySessionView[];
  /** The session shown: the one picked, else the most recently active. */
  readonly open: string | undefined;
  readonly calls: readonly ActivityCallView[];
  /** What the search box holds; blank shows the open session. */
  readonly query: string;
  /** The calls the search found, across sessions; undefined while no search is typed. */
  readonly hits: readonly ActivityHitView[] | undefined;
  readonly loaded: boolean;
  /** The format of the export running, if one is. */
  readonly exporting: ExportFormatView | undefined;
  read(): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  /** Every call of the open session, page by page, or undefined when there is none or a page failed. */
  exportCalls(format: ExportFormatView): Promise<string[] | undefined>;
  search(query: string): Promise<void>;
}

export function createActivityStore(api: ConsoleApi) {
  let ticket = 0;
  return createStore<ActivityState>()((set, get) => ({
    sessions: [],
    open: undefined,
    calls: [],
    query: '',
    hits: undefined,
    loaded: false,
    exporting: undefined,
    async read() {
      const mine = ++ticket;
      const listed = await api.invoke('history:activity-sessions', { limit: SESSIONS_PAGE });
      if (!listed.ok || mine !== ticket) return;
      const open = get().open ?? listed.value.sessions[0]?.sessionId;
      // Sent as typed: a space after the last word says it is finished, which search-query.ts matches as
      // a whole word rather than a prefix.
      const text = get().query;
      const found =
        text.trim() === ''
          ? undefined
          : await api.invoke('history:activity-search', { text, limit: CALLS_PAGE });
      const page =
        open === undefined || found !== undefined
          ? undefined
          : await api.invoke('history:activity', { sessionId: open, limit: CALLS_PAGE });
      if (mine !== ticket) return;
      set({
        sessions: listed.value.sessions,
        open,
        calls: page?.ok ? page.value.calls : [],
        hits: found === undefined ? undefined : found.ok ? found.value.calls : [],
        loaded: true,
      });
    },
    async search(query) {
      set({ query });
      await get().read();
    },
    async openSession(sessionId) {
      set({ open: sessionId, calls: [] });
      await get().read();
    },
    async exportCalls(format) {
      const { open, exporting } = get();
      if (open === undefined || exporting) return undefined;
      set({ exporting: format });
      const parts: string[] = [];
      let after: number | undefined;
      try {
        do {
          const page = await api.invoke('history:activity-export', {
            sessionId: open,
            format,
            ...(after === undefined ? {} : { after }),
          });
          if (!page.ok) return undefined;
          parts.push(page.value.text);
          after = page.value.next;
        } while (after !== undefined);
        return parts;
      } finally {
        set({ exporting: undefined });
      }
    },
  }));
}

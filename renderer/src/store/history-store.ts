/**
 * The history browser's state: the sessions list and the open session's timeline (a page at a time), or, while a filter is
 * set, the matching requests across sessions; the request opened as a card; retention and purge; and
 * whether history changed since it was loaded. Built over a `ConsoleApi`, so tests drive it with a fake.
 */
import { createStore } from 'zustand/vanilla';
import type { Refusal } from '../../../common/refusals';
import type { ConsoleApi } from '../../../common/console-contract';
import type {
  ExportFormatView,
  HistoryEntryView,
  HistoryFilter,
  PurgeView,
  RequestCursorView,
  SessionCursorView,
  SessionSummaryView,
} from '../../../common/history-contract';

/** Rows per page: a screenful or two, and far under the contract's cap. */
export const HISTORY_PAGE = 50;

/** A list read a page at a time: what is loaded, and where the next page starts. */
export interface Paged<T, C> {
  readonly items: readonly T[];
  readonly next: C | undefined;
  readonly loading: boolean;
  /** The first page has arrived, so an empty list means there is nothing (not "not yet"). */
  readonly loaded: boolean;
}

const emptyPage = <T, C>(): Paged<T, C> => ({ items: [], next: undefined, loading: false, loaded: false });

/** One session's requests, newest first as they are read; a timeline shows them the other way up. */
export interface Timeline {
  readonly sessionId: string;
  readonly page: Paged<HistoryEntryView, RequestCursorView>;
}

export interface HistoryState {
  readonly sessions: Paged<SessionSummaryView, SessionCursorView>;
  readonly filter: HistoryFilter;
  readonly results: Paged<HistoryEntryView, RequestCursorView>;
  readonly timeline: Timeline | undefined;
  /** The request shown as a card, by id. */
  readonly openId: string | undefined;
  /** History changed since this view loaded what it shows. */
  readonly stale: boolean;
  /** Undefined until read; `days` absent means history is kept for good. */
  readonly retention: { readonly days?: number } | undefined;
  readonly exporting: ExportFormatView | undefined;
  /** Worded by the view in the console's language. */
  readonly error: Refusal | undefined;

  load(): Promise<void>;
  loadMoreSessions(): Promise<void>;
  openSession(sessionId: string | undefined): Promise<void>;
  /** The open session's next page of older requests. */
  loadEarlier(): Promise<void>;
  /** Replaces the filter and reads its first page; an empty filter shows the sessions again. */
  setFilter(filter: HistoryFilter): Promise<void>;
  loadMoreResults(): Promise<void>;
  toggleOpen(id: string): void;
  /** Opens session `sessionId`'s timeline with request `id` shown as its card. */
  reveal(sessionId: string, id: string): Promise<void>;
  markStale(): void;
  /** Reads again whatever is shown. */
  refresh(): Promise<void>;
  /**
   * The whole export of the selection — what the filters select, else the open session, else everything —
   * page by page; undefined when it failed (see `error`).
   */
  exportSelection(format: ExportFormatView): Promise<string[] | undefined>;
  setRetention(days: number | null): Promise<PurgeView | undefined | false>;
  /** What was removed, or undefined when the purge failed (see `error`). */
  purge(olderThanDays: number): Promise<PurgeView | undefined>;
  dismissError(): void;
}

/** True when the filter selects less than everything. */
export function isFiltering(filter: HistoryFilter): boolean {
  return Object.entries(filter).some(([key, value]) =>
    key === 'text' ? typeof value === 'string' && value.trim() !== '' : value !== undefined,
  );
}

export function createHistoryStore(api: ConsoleApi) {
  // Each query takes a ticket; an answer that arrives after a newer query started is dropped, so fast
  // typing never leaves an older search's results on screen.
  let resultsTicket = 0;
  let timelineTicket = 0;

  return createStore<HistoryState>()((set, get) => {
    const fail = (error: Refusal) => set({ error });

    const readSessions = async (more: boolean) => {
      const { sessions } = get();
      if (sessions.loading || (more && !sessions.next)) return;
      set({ sessions: { ...sessions, loading: true } });
      const result = await api.invoke('history:sessions', {
        limit: HISTORY_PAGE,
        ...(more && sessions.next ? { before: sessions.next } : {}),
      });
      if (!result.ok) {
        set((state) => ({ sessions: { ...state.sessions, loading: false } }));
        return fail(result.error);
      }
      set((state) => ({
        sessions: {
          items: more ? [...state.sessions.items, ...result.value.sessions] : result.value.sessions,
          next: result.value.next,
          loading: false,
          loaded: true,
        },
      }));
    };

    const readResults = async (more: boolean) => {
      const { results, filter } = get();
      if (more && (results.loading || !results.next)) return;
      const ticket = ++resultsTicket;
      set({ results: more ? { ...results, loading: true } : { ...emptyPage(), loading: true } });
      const result = await api.invoke('history:requests', {
        filter,
        limit: HISTORY_PAGE,
        ...(more && results.next ? { before: results.next } : {}),
      });
      if (ticket !== resultsTicket) return;
      if (!result.ok) {
        set((state) => ({ results: { ...state.results, loading: false, loaded: true } }));
        return fail(result.error);
      }
      set((state) => ({
        results: {
          items: more ? [...state.results.items, ...result.value.entries] : result.value.entries,
          next: result.value.next,
          loading: false,
          loaded: true,
        },
      }));
    };

    const readTimeline = async (sessionId: string, more: boolean) => {
      const current = get().timeline;
      const page =
        current?.sessionId === sessionId ? current.page : emptyPage<HistoryEntryView, RequestCursorView>();
      if (more && (page.loading || !page.next)) return;
      const ticket = ++timelineTicket;
      set({ timeline: { sessionId, page: { ...page, loading: true } } });
      const result = await api.invoke('history:requests', {
        filter: { sessionId },
        limit: HISTORY_PAGE,
        ...(more && page.next ? { before: page.next } : {}),
      });
      if (ticket !== timelineTicket) return;
      if (!result.ok) {
        set({ timeline: { sessionId, page: { ...page, loading: false, loaded: true } } });
        return fail(result.error);
      }
      set({
        timeline: {
          sessionId,
          page: {
            items: more ? [...page.items, ...result.value.entries] : result.value.entries,
            next: result.value.next,
            loading: false,
            loaded: true,
          },
        },
      });
    };

    /** What an export takes: the filters while any is set, else the open session, else everything. */
    const selection = (): HistoryFilter => {
      const { filter, timeline } = get();
      if (isFiltering(filter)) return filter;
      return timeline ? { sessionId: timeline.sessionId } : {};
    };

    return {
      sessions: emptyPage(),
      filter: {},
      results: emptyPage(),
      timeline: undefined,
      openId: undefined,
      stale: false,
      retention: undefined,
      exporting: undefined,
      error: undefined,

      async load() {
        const [retention] = await Promise.all([api.invoke('history:retention', {}), readSessions(false)]);
        if (retention.ok) set({ retention: retention.value });
        else fail(retention.error);
      },

      loadMoreSessions: () => readSessions(true),

      async openSession(sessionId) {
        set({ openId: undefined });
        if (sessionId === undefined) {
          timelineTicket++;
          set({ timeline: undefined });
          return;
        }
        await readTimeline(sessionId, false);
      },

      async loadEarlier() {
        const timeline = get().timeline;
        if (timeline) await readTimeline(timeline.sessionId, true);
      },

      async setFilter(filter) {
        set({ filter, openId: undefined });
        if (isFiltering(filter)) return readResults(false);
        resultsTicket++;
        set({ results: emptyPage() });
      },

      loadMoreResults: () => readResults(true),

      toggleOpen(id) {
        set((state) => ({ openId: state.openId === id ? undefined : id }));
      },

      async reveal(sessionId, id) {
        await get().openSession(sessionId);
        set({ openId: id });
      },

      markStale() {
        set({ stale: true });
      },

      async refresh() {
        set({ stale: false });
        const { timeline, filter } = get();
        await Promise.all([
          readSessions(false),
          isFiltering(filter) ? readResults(false) : undefined,
          timeline ? readTimeline(timeline.sessionId, false) : undefined,
        ]);
      },

      async exportSelection(format) {
        if (get().exporting) return undefined;
        set({ exporting: format });
        const filter = selection();
        const parts: string[] = [];
        let before: RequestCursorView | undefined;
        try {
          do {
            const page = await api.invoke('history:export', {
              filter,
              format,
              ...(before ? { before } : {}),
            });
            if (!page.ok) {
              fail(page.error);
              return undefined;
            }
            parts.push(page.value.text);
            before = page.value.next;
          } while (before);
          return parts;
        } finally {
          set({ exporting: undefined });
        }
      },

      async setRetention(days) {
        const result = await api.invoke('history:set-retention', { days });
        if (!result.ok) {
          fail(result.error);
          return false;
        }
        const { purged, ...retention } = result.value;
        set({ retention });
        if (purged && (purged.requests > 0 || purged.sessions > 0)) await get().refresh();
        return purged;
      },

      async purge(olderThanDays) {
        const result = await api.invoke('history:purge', { olderThanDays });
        if (!result.ok) {
          fail(result.error);
          return undefined;
        }
        await get().refresh();
        return result.value;
      },

      dismissError() {
        set({ error: undefined });
      },
    };
  });
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;

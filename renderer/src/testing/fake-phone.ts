import type { PhoneDownReason, PhoneInvokeChannel, PhoneState } from '../../../common/phone-contract';
import type { Result } from '../../../common/console-contract';

const CODE = 'K7QW3MPX';

/** The phone channel's main-process side, in memory: connect, pair, configure, as the settings page sees it. */
export function createFakePhone(emit: (state: PhoneState) => void, initial: Partial<PhoneState> = {}) {
  let state: PhoneState = {
    connected: false,
    paired: false,
    summaryOnly: false,
    send: 'away',
    awayAfterMinutes: 10,
    away: false,
    ...initial,
  };
  const set = (next: Partial<PhoneState>) => {
    state = { ...state, ...next };
    emit(state);
    return state;
  };
  const ok = (value: unknown) => ({ ok: true, value }) as Result<never>;
  return {
    invoke(channel: PhoneInvokeChannel, args: unknown): Result<never> {
      switch (channel) {
        case 'phone:state':
          return ok(state);
        case 'phone:connect':
          return ok(set({ connected: true, tokenStorage: 'keychain', up: true, paired: false }));
        case 'phone:pair':
          if (state.paired && (args as { replace?: boolean }).replace !== true)
            return {
              ok: false,
              error: { code: 'phone-paired', message: 'A chat is paired already.' },
            } as Result<never>;
          return ok(set({ pairing: { code: CODE, expiresAt: Date.now() + 600_000 } }));
        case 'phone:cancel-pairing':
          return ok(set({ pairing: undefined }));
        case 'phone:test':
          return ok({ sent: true });
        case 'phone:disconnect':
          return ok(
            set({
              connected: false,
              paired: false,
              chat: undefined,
              tokenStorage: undefined,
              pairing: undefined,
              up: undefined,
            }),
          );
        case 'phone:configure':
          return ok(set(args as Partial<PhoneState>));
        case 'phone:away':
          return ok(set({ away: (args as { away: boolean }).away }));
      }
    },
    /** The person sends the code to the bot. */
    pairNow: (chat: PhoneState['chat'] = { id: '5150', name: 'Ada Lovelace (@ada)' }) =>
      set({ connected: true, up: true, paired: true, chat, pairing: undefined }),
    /** The channel goes down or comes back. */
    setUp: (up: boolean, downReason?: PhoneDownReason, downSince?: number, retrying = true) =>
      set(
        up
          ? { up, downReason: undefined, downSince: undefined, retrying: undefined }
          : { up, downReason, downSince: downSince ?? Date.now(), retrying },
      ),
  };
}

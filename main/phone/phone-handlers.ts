/**
 * The phone's handlers: each channel of `phone-contract.ts` is one change of the `PhoneLink`, answered with
 * the phone's state or the refusal's code and main's English sentence. Arguments arrive validated.
 */
import type { ConsoleHandlers, Result } from '../../common/console-contract';
import type { PhoneInvokeChannel, PhoneRefusal, PhoneState } from '../../common/phone-contract';
import { refusal } from '../../common/refusals';
import type { PhoneLink } from './phone-link';
import { TOKEN_REFUSED_SENTENCE, UNREACHABLE_SENTENCE } from './phone-link';

export type PhoneHandlers = Pick<ConsoleHandlers, PhoneInvokeChannel>;

const SENTENCES: Record<PhoneRefusal, string> = {
  'phone-busy': 'Another connect or disconnect came first; look at the state above.',
  'phone-token-refused': TOKEN_REFUSED_SENTENCE,
  'phone-unreachable': UNREACHABLE_SENTENCE,
  'phone-not-connected': 'Connect a bot first: paste its token above.',
  'phone-paired': 'A chat is paired already; pairing another replaces it, so confirm that first.',
  'phone-not-paired': 'Pair a chat first, then send a test message.',
  'phone-send': 'The test message could not be sent; check the channel’s state above.',
};

const refused = (code: PhoneRefusal) => ({ ok: false, error: refusal(code, SENTENCES[code]) }) as const;

export function createPhoneHandlers(link: PhoneLink): PhoneHandlers {
  const state = (): Result<PhoneState> => ({ ok: true, value: link.state() });
  /** A change's answer: why it was refused, else the state it left. */
  const answer = (refusedWith: PhoneRefusal | undefined) => (refusedWith ? refused(refusedWith) : state());
  return {
    'phone:state': state,
    'phone:connect': async ({ token }) => answer(await link.connect(token)),
    'phone:pair': ({ replace }) => answer(link.pair(replace === true)),
    'phone:cancel-pairing': () => {
      link.cancelPairing();
      return state();
    },
    'phone:test': async () => {
      const refusedWith = await link.sendTest();
      return refusedWith ? refused(refusedWith) : { ok: true, value: { sent: true } };
    },
    'phone:disconnect': async () => {
      await link.disconnect();
      return state();
    },
    'phone:configure': async (change) => {
      await link.configure(change);
      return state();
    },
    'phone:away': ({ away }) => {
      link.setAway(away);
      return state();
    },
  };
}

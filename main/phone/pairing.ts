/**
 * Pairing a chat: the console shows a one-time code, the person sends it to the bot, and that chat is the
 * only one accepted from then on. The code works once, for a few minutes, and a few wrong guesses void it,
 * so a stranger who finds the bot cannot pair by trying codes.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { MessageChannel } from './message-channel';

/** No 0/O or 1/I/L: the code is read off a screen and typed on a phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
export const PAIRING_WINDOW_MS = 10 * 60_000;
/** Wrong codes from any chat before the code is void and a new one must be shown. */
export const PAIRING_GUESSES = 5;

export function newPairingCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export type PairingResult =
  | { readonly paired: true; readonly chat: string; readonly chatName?: string }
  | { readonly paired: false; readonly reason: 'expired' | 'too-many-guesses' | 'cancelled' };

export interface Pairing {
  readonly code: string;
  readonly result: Promise<PairingResult>;
  cancel(): void;
}

const normalise = (text: string) => text.trim().toUpperCase().replace(/[\s-]/g, '');

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function startPairing(
  channel: MessageChannel,
  options: { readonly code?: string; readonly windowMs?: number } = {},
): Pairing {
  const code = options.code ?? newPairingCode();
  let guesses = 0;
  let finish!: (result: PairingResult) => void;
  const result = new Promise<PairingResult>((resolve) => (finish = resolve));
  const timer = setTimeout(
    () => end({ paired: false, reason: 'expired' }),
    options.windowMs ?? PAIRING_WINDOW_MS,
  );
  const off = channel.events.subscribe((event) => {
    if (event.kind !== 'text') return;
    const text = normalise(event.text.replace(/^\/start\s*/, ''));
    if (text.length === 0) return;
    if (sameCode(text, code))
      return end({ paired: true, chat: event.chat, ...(event.chatName ? { chatName: event.chatName } : {}) });
    guesses += 1;
    if (guesses >= PAIRING_GUESSES) end({ paired: false, reason: 'too-many-guesses' });
  });
  function end(outcome: PairingResult) {
    clearTimeout(timer);
    off();
    finish(outcome);
  }
  return { code, result, cancel: () => end({ paired: false, reason: 'cancelled' }) };
}

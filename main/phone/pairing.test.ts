import { describe, expect, it } from 'vitest';
import { createSignal } from '../../common/signal';
import type { ChannelEvent, ChannelStatus, MessageChannel } from './message-channel';
import { newPairingCode, PAIRING_GUESSES, startPairing } from './pairing';

function fakeChannel(): MessageChannel & { write(chat: string, text: string): void } {
  const events = createSignal<ChannelEvent>();
  return {
    name: 'test',
    textLimit: 4_096,
    events,
    status: createSignal<ChannelStatus>(),
    start: async () => undefined,
    stop: async () => undefined,
    send: async (chat) => ({ chat, message: '1' }),
    edit: async () => undefined,
    write: (chat, text) => events.emit({ kind: 'text', chat, text }),
  };
}

describe('pairing a chat', () => {
  it('pairs the chat that sends the code, typed loosely or after /start', async () => {
    const channel = fakeChannel();
    const pairing = startPairing(channel, { code: 'ABCD2345' });
    channel.write('7', '/start abcd-2345 ');
    await expect(pairing.result).resolves.toEqual({ paired: true, chat: '7' });
  });

  it('ignores every text after pairing: the code works once', async () => {
    const channel = fakeChannel();
    const pairing = startPairing(channel, { code: 'ABCD2345' });
    channel.write('7', 'ABCD2345');
    channel.write('8', 'ABCD2345');
    await expect(pairing.result).resolves.toEqual({ paired: true, chat: '7' });
  });

  it('voids the code after a few wrong guesses, even if the right one comes next', async () => {
    const channel = fakeChannel();
    const pairing = startPairing(channel, { code: 'ABCD2345' });
    for (let guess = 0; guess < PAIRING_GUESSES; guess += 1) channel.write('9', `WRONG${guess}`);
    channel.write('9', 'ABCD2345');
    await expect(pairing.result).resolves.toEqual({ paired: false, reason: 'too-many-guesses' });
  });

  it('expires', async () => {
    const pairing = startPairing(fakeChannel(), { windowMs: 1 });
    await expect(pairing.result).resolves.toEqual({ paired: false, reason: 'expired' });
  });

  it('makes codes of eight unambiguous characters that differ', () => {
    const codes = new Set(Array.from({ length: 50 }, newPairingCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });
});

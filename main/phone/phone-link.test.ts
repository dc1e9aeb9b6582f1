import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignal } from '../../common/signal';
import type { PhoneState } from '../../common/phone-contract';
import { makeTempDir } from '../../tests/support/temp-dir';
import { memoryKeychain } from '../../tests/support/test-core';
import type { ChannelEvent, ChannelStatus, MessageChannel } from './message-channel';
import type { PhoneSource } from './phone-racer';
import { writeSecret } from '../secrets/secret-store';
import { DEFAULT_TELEGRAM_SETTINGS } from '../settings/console-settings';
import { PhoneLink, TELEGRAM_TOKEN_SECRET } from './phone-link';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(() => dir.remove());

const source: PhoneSource = {
  added: createSignal(),
  resolved: createSignal(),
  decide: () => ({ won: false }),
};

/** A channel whose first `failures` starts fail as a network outage does. */
function flakyChannel(failures: number): { make: () => MessageChannel; starts: () => number } {
  let starts = 0;
  return {
    starts: () => starts,
    make: () => ({
      name: 'test',
      textLimit: 4_096,
      events: createSignal<ChannelEvent>(),
      status: createSignal<ChannelStatus>(),
      start: async () => {
        starts += 1;
        if (starts <= failures) throw new Error('connect ECONNREFUSED');
      },
      stop: async () => undefined,
      send: async (chat) => ({ chat, message: '1' }),
      edit: async () => undefined,
    }),
  };
}

describe('a kept bot token at startup', () => {
  it('says the phone cannot be reached while it fails, and starts once the network is back', async () => {
    const keychain = memoryKeychain();
    await writeSecret(dir.path, TELEGRAM_TOKEN_SECRET, '1:kept-token-kept-token-kept', { keychain });
    const channel = flakyChannel(2);
    const states: PhoneState[] = [];
    const link = new PhoneLink({
      home: dir.path,
      source,
      needsSecondLook: () => false,
      programNames: () => undefined,
      settings: { ...DEFAULT_TELEGRAM_SETTINGS, chatId: '7' },
      keychain,
      makeChannel: channel.make,
      retryMs: 5,
    });
    link.changed.subscribe((state) => states.push(state));
    await link.ready;
    expect(link.state()).toMatchObject({
      connected: true,
      paired: true,
      up: false,
      downReason: { code: 'network', fallback: expect.stringContaining('could not be reached') },
      downSince: expect.any(Number),
      retrying: true,
    });
    // One outage, however many starts failed in it.
    const firstSince = link.state().downSince;
    await new Promise<void>((done) => {
      const off = link.changed.subscribe(() => channel.starts() === 3 && (off(), done()));
    });
    expect(
      states.filter((state) => state.up === false).every((state) => state.downSince === firstSince),
    ).toBe(true);
    expect(link.state()).toMatchObject({ connected: true, paired: true });
    expect(link.state()).not.toHaveProperty('downReason');
    expect(link.state()).not.toHaveProperty('downSince');
    await link.close();
  });

  it('stops trying once the person disconnects', async () => {
    const keychain = memoryKeychain();
    await writeSecret(dir.path, TELEGRAM_TOKEN_SECRET, '1:kept-token-kept-token-kept', { keychain });
    const channel = flakyChannel(Infinity);
    const link = new PhoneLink({
      home: dir.path,
      source,
      needsSecondLook: () => false,
      programNames: () => undefined,
      settings: DEFAULT_TELEGRAM_SETTINGS,
      keychain,
      makeChannel: channel.make,
      retryMs: 5,
    });
    await link.ready;
    await link.disconnect();
    const tried = channel.starts();
    await new Promise((done) => setTimeout(done, 60));
    expect(channel.starts()).toBe(tried);
    expect(link.state()).toMatchObject({ connected: false, paired: false });
    await link.close();
  });
});

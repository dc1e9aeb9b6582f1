import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../common/console-contract';
import { createSignal } from '../../common/signal';
import { makeTempDir } from '../../tests/support/temp-dir';
import { memoryKeychain } from '../../tests/support/test-core';
import { writeSecret } from '../secrets/secret-store';
import { DEFAULT_TELEGRAM_SETTINGS } from '../settings/console-settings';
import type { TelegramSettings } from '../settings/console-settings';
import type { ChannelEvent, ChannelStatus, MessageChannel } from './message-channel';
import { createPhoneHandlers } from './phone-handlers';
import { PhoneLink, TELEGRAM_TOKEN_SECRET } from './phone-link';

const CALLER: Caller = { id: 'w', channel: 'window' };
const TOKEN = '1:a-token-as-botfather-gives-it';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let link: PhoneLink | undefined;
beforeEach(async () => (dir = await makeTempDir()));
afterEach(async () => {
  await link?.close();
  link = undefined;
  await dir.remove();
});

/** A channel whose start and send fail with the given errors, or succeed. */
function channel(fails: { readonly start?: unknown; readonly send?: unknown } = {}): MessageChannel {
  return {
    name: 'test',
    textLimit: 4_096,
    events: createSignal<ChannelEvent>(),
    status: createSignal<ChannelStatus>(),
    start: () => (fails.start === undefined ? Promise.resolve() : Promise.reject(fails.start)),
    stop: () => Promise.resolve(),
    send: (chat) =>
      fails.send === undefined ? Promise.resolve({ chat, message: '1' }) : Promise.reject(fails.send),
    edit: () => Promise.resolve(),
  };
}

async function handlersOver(made: MessageChannel, settings: TelegramSettings = DEFAULT_TELEGRAM_SETTINGS) {
  const keychain = memoryKeychain();
  if (settings.chatId !== undefined) await writeSecret(dir.path, TELEGRAM_TOKEN_SECRET, TOKEN, { keychain });
  link = new PhoneLink({
    home: dir.path,
    source: { added: createSignal(), resolved: createSignal(), decide: () => ({ won: false }) },
    needsSecondLook: () => false,
    programNames: () => undefined,
    settings,
    keychain,
    makeChannel: () => made,
  });
  await link.ready;
  return createPhoneHandlers(link);
}

describe('the phone handlers', () => {
  it('refuse pairing before a bot is connected, and a test message before a chat is paired', async () => {
    const handlers = await handlersOver(channel());
    expect(await handlers['phone:pair']({}, CALLER)).toEqual({
      ok: false,
      error: { code: 'phone-not-connected', message: 'Connect a bot first: paste its token above.' },
    });
    expect(await handlers['phone:test']({}, CALLER)).toMatchObject({
      ok: false,
      error: { code: 'phone-not-paired' },
    });
  });

  it('tell a token Telegram refused from a network that failed', async () => {
    const refused = await handlersOver(channel({ start: { error_code: 401 } }));
    expect(await refused['phone:connect']({ token: TOKEN }, CALLER)).toMatchObject({
      ok: false,
      error: { code: 'phone-token-refused', message: expect.stringContaining('@BotFather') },
    });
    await link?.close();
    const unreachable = await handlersOver(channel({ start: new Error('connect ECONNREFUSED') }));
    expect(await unreachable['phone:connect']({ token: TOKEN }, CALLER)).toMatchObject({
      ok: false,
      error: { code: 'phone-unreachable', message: expect.stringContaining('could not be reached') },
    });
    expect(await unreachable['phone:state']({}, CALLER)).toMatchObject({
      ok: true,
      value: { connected: false },
    });
  });

  it('answer a change with the state it left', async () => {
    const handlers = await handlersOver(channel());
    expect(await handlers['phone:connect']({ token: TOKEN }, CALLER)).toMatchObject({
      ok: true,
      value: { connected: true, paired: false, tokenStorage: 'keychain' },
    });
    expect(await handlers['phone:away']({ away: true }, CALLER)).toMatchObject({
      ok: true,
      value: { away: true },
    });
    const paired = await handlers['phone:pair']({}, CALLER);
    expect(paired).toMatchObject({ ok: true, value: { pairing: { code: expect.any(String) } } });
    expect(await handlers['phone:cancel-pairing']({}, CALLER)).toMatchObject({ ok: true });
    expect(link!.state()).not.toHaveProperty('pairing');
  });

  it('refuse replacing a paired chat unasked, and say when the test message did not go', async () => {
    const handlers = await handlersOver(channel({ send: new Error('Bad Request: chat not found') }), {
      ...DEFAULT_TELEGRAM_SETTINGS,
      chatId: '7',
    });
    expect(await handlers['phone:pair']({}, CALLER)).toMatchObject({
      ok: false,
      error: { code: 'phone-paired' },
    });
    expect(await handlers['phone:pair']({ replace: true }, CALLER)).toMatchObject({ ok: true });
    expect(await handlers['phone:test']({}, CALLER)).toMatchObject({
      ok: false,
      error: { code: 'phone-send' },
    });
  });
});

/**
 * The phone as the console runs it: connect a bot through the console's channels, pair a chat with the
 * one-time code, and from then on requests from a real agent reach the stand-in of Telegram's Bot API and
 * an answer there reaches the agent exactly once. The token lives in the test's own keychain, never in a
 * file, and disconnecting forgets it and the chat.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../client/sdk/index';
import type { GatehouseClient, PermissionCall } from '../../client/sdk/index';
import type { Caller, InvokeArgs, InvokeChannel, InvokeValues } from '../../common/console-contract';
import type { PhoneState } from '../../common/phone-contract';
import { dispatchInvoke } from '../../main/console/dispatch-invoke';
import { startConsoleCore } from '../../main/core/console-core';
import type { ConsoleCore, ConsoleCoreOptions } from '../../main/core/console-core';
import { createFakeBackend } from '../../main/notify/testing/fake-backend';
import { keychainAccount, KEYCHAIN_SERVICE } from '../../main/secrets/keychain';
import type { KeychainLike } from '../../main/secrets/keychain';
import { TELEGRAM_TOKEN_SECRET } from '../../main/phone/phone-link';
import type { ResolvedEvent } from '../../main/registry/race-registry';
import { startTelegramStandIn } from '../support/telegram-stand-in';
import type { StandInMessage, TelegramStandIn } from '../support/telegram-stand-in';
import { makeTempDir } from '../support/temp-dir';
import { memoryKeychain } from '../support/test-core';

const CHAT = 5150;
const TOKEN = '123456:gatehouse-stand-in-token-for-the-console';
const FAST = { initialDelayMs: 5, maxDelayMs: 40, factor: 2, jitter: 0 };
const CALLER: Caller = { id: 'test-window', channel: 'window' };

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let telegram: TelegramStandIn;
let keychain: KeychainLike & { readonly entries: Map<string, string> };
let core: ConsoleCore | undefined;
let agent: GatehouseClient | undefined;
let resolved: ResolvedEvent[];
const home = () => join(dir.path, 'gh');

async function startCore(
  extra: Pick<ConsoleCoreOptions, 'idleMs' | 'notifications'> = {},
): Promise<ConsoleCore> {
  core = await startConsoleCore({
    home: home(),
    userHome: join(dir.path, 'user'),
    port: 0,
    timeoutMs: 120_000,
    timeoutAction: 'passthrough',
    keychain,
    ...extra,
  });
  resolved = [];
  core.registry.resolved.subscribe((event) => resolved.push(event));
  await core.phone.ready;
  return core;
}

/** Through the same dispatch both transports use, so the contract's schemas are part of the test. */
async function invoke<C extends InvokeChannel>(channel: C, args: InvokeArgs<C>): Promise<InvokeValues[C]> {
  const result = await dispatchInvoke(core!.service.handlers, channel, args, CALLER);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as InvokeValues[C];
}

function nextState(test: (state: PhoneState) => boolean): Promise<PhoneState> {
  return new Promise((done) => {
    const off = core!.phone.changed.subscribe((state) => {
      if (test(state)) {
        off();
        done(state);
      }
    });
  });
}

async function connectAndPair(): Promise<void> {
  await invoke('phone:connect', { token: TOKEN });
  const { pairing } = await invoke('phone:pair', {});
  const paired = nextState((state) => state.paired);
  telegram.write(CHAT, `/start ${pairing!.code}`);
  await paired;
}

const settingsFile = async () =>
  JSON.parse(await readFile(join(home(), 'settings.json'), 'utf8')) as {
    channels?: { telegram?: Record<string, unknown> };
  };

let seq = 0;
const call = (command: string): PermissionCall => ({
  id: `r${++seq}`,
  sessionId: 'sess-1',
  cwd: '/work/project',
  tool: 'Bash',
  input: { command },
});

async function messageFor(command: string): Promise<StandInMessage> {
  await telegram.until((messages) => messages.some((message) => message.text.includes(command)));
  return telegram.messages.find((message) => message.text.includes(command))!;
}
const button = (message: StandInMessage, label: string) =>
  message.reply_markup?.inline_keyboard.flat().find((each) => each.text === label)?.callback_data;

beforeEach(async () => {
  dir = await makeTempDir();
  telegram = await startTelegramStandIn({ token: TOKEN });
  keychain = memoryKeychain();
  // Where the console finds the stand-in, and "always" so the desk need not be away.
  await mkdir(home(), { mode: 0o700 });
  await writeFile(
    join(home(), 'settings.json'),
    JSON.stringify({ channels: { telegram: { apiRoot: telegram.apiRoot, send: 'always' } } }),
  );
  await startCore();
});

afterEach(async () => {
  await agent?.close();
  agent = undefined;
  await core?.close();
  core = undefined;
  await telegram.close();
  await dir.remove();
});

const startAgent = async () =>
  (agent = await connect({
    agent: { name: 'phone-test' },
    env: { GATEHOUSE_HOME: home() },
    reconnect: FAST,
  }));

describe('a paired console', () => {
  it('sends a request to the paired chat, and Approve there reaches the agent exactly once', async () => {
    await connectAndPair();
    expect((await settingsFile()).channels?.telegram?.chatId).toBe(String(CHAT));
    await startAgent();

    const decision = agent!.requestPermission(call('npm publish --tag next'));
    const message = await messageFor('npm publish --tag next');
    expect(message.chat.id).toBe(CHAT);
    const approve = button(message, 'Approve')!;
    expect(await telegram.press(CHAT, approve, message.message_id)).toBe('Approved.');
    await expect(decision).resolves.toMatchObject({ behavior: 'allow' });
    expect(await telegram.press(CHAT, approve, message.message_id)).toBe(
      'This request is no longer waiting.',
    );
    expect(resolved).toEqual([expect.objectContaining({ behavior: 'allow', by: 'phone' })]);

    const page = await invoke('history:requests', { filter: { decidedBy: 'phone' }, limit: 10 });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]!.decision).toMatchObject({
      channel: 'telegram',
      latencyMs: expect.any(Number),
    });
  });

  it('pairs another chat only when told to replace the paired one, and then only the new one counts', async () => {
    const OTHER = 7070;
    await connectAndPair();
    expect(core!.phone.state().chat).toEqual({ id: String(CHAT), name: `Person ${CHAT} (@person${CHAT})` });
    const refused = await dispatchInvoke(core!.service.handlers, 'phone:pair', {}, CALLER);
    expect(refused).toMatchObject({ ok: false, error: { code: 'phone-paired' } });
    expect(core!.phone.state()).toMatchObject({ paired: true, chat: { id: String(CHAT) } });
    expect(core!.phone.state().pairing).toBeUndefined();

    const { pairing } = await invoke('phone:pair', { replace: true });
    const replaced = nextState((state) => state.chat?.id === String(OTHER));
    telegram.write(OTHER, pairing!.code);
    expect((await replaced).chat).toEqual({ id: String(OTHER), name: `Person ${OTHER} (@person${OTHER})` });
    expect((await settingsFile()).channels?.telegram).toMatchObject({
      chatId: String(OTHER),
      chatName: `Person ${OTHER} (@person${OTHER})`,
    });

    await startAgent();
    const decision = agent!.requestPermission(call('make replace-check'));
    const message = await messageFor('make replace-check');
    expect(message.chat.id).toBe(OTHER);
    expect(await telegram.press(CHAT, button(message, 'Approve')!, message.message_id)).toBe(
      'This chat is not paired with Gatehouse.',
    );
    expect(await telegram.press(OTHER, button(message, 'Deny')!, message.message_id)).toBe('Denied.');
    await expect(decision).resolves.toMatchObject({ behavior: 'deny' });
  });

  it('forgets a cancelled code at once: sent to the bot afterwards, it pairs nothing', async () => {
    await invoke('phone:connect', { token: TOKEN });
    const { pairing } = await invoke('phone:pair', {});
    expect(await invoke('phone:cancel-pairing', {})).toMatchObject({ paired: false, connected: true });
    expect(core!.phone.state().pairing).toBeUndefined();

    const sent = telegram.write(CHAT, `/start ${pairing!.code}`);
    await vi.waitFor(() => expect(telegram.handledThrough).toBeGreaterThanOrEqual(sent), { timeout: 10_000 });
    expect(core!.phone.state()).toMatchObject({ paired: false });
    expect(core!.phone.state()).not.toHaveProperty('chat');
    expect(core!.phone.state()).not.toHaveProperty('pairingFailed');
    expect((await settingsFile()).channels?.telegram).not.toHaveProperty('chatId');
  });

  it('keeps the token in the keychain only: not in settings.json, any other file, or a log line', async () => {
    await connectAndPair();
    expect(
      keychain.entries.get(`${KEYCHAIN_SERVICE}/${keychainAccount(home(), TELEGRAM_TOKEN_SECRET)}`),
    ).toBe(TOKEN);
    for (const name of await readdir(home(), { recursive: true })) {
      const path = join(home(), name);
      const text = await readFile(path).then(
        (bytes) => bytes.toString('latin1'),
        () => '',
      );
      expect(text.includes(TOKEN), `${name} holds the token`).toBe(false);
    }
    expect(core!.warnings.join('\n')).not.toContain(TOKEN);
  });

  it('starts the kept token and chat again after a restart', async () => {
    await connectAndPair();
    await core!.close();
    await startCore();
    expect(core!.phone.state()).toMatchObject({ connected: true, paired: true });
    await startAgent();
    const decision = agent!.requestPermission(call('make release'));
    const message = await messageFor('make release');
    await telegram.press(CHAT, button(message, 'Deny')!, message.message_id);
    await expect(decision).resolves.toMatchObject({ behavior: 'deny' });
    expect(resolved.map((event) => event.by)).toEqual(['phone']);
  });

  it('sends only while away when set to, and the away switch makes the desk away', async () => {
    await connectAndPair();
    await invoke('phone:configure', { send: 'away' });
    expect((await settingsFile()).channels?.telegram).toMatchObject({ send: 'away', chatId: String(CHAT) });
    await startAgent();
    const atDesk = agent!.requestPermission(call('echo at-the-desk'));
    await new Promise<void>((done) => {
      const off = core!.registry.added.subscribe(() => (off(), done()));
    });
    await invoke('phone:away', { away: true });
    const away = agent!.requestPermission(call('echo away-from-desk'));
    const message = await messageFor('echo away-from-desk');
    expect(telegram.messages.some((each) => each.text.includes('at-the-desk'))).toBe(false);
    await telegram.press(CHAT, button(message, 'Approve')!, message.message_id);
    await expect(away).resolves.toMatchObject({ behavior: 'allow' });
    const [pending] = core!.registry.pending();
    core!.registry.decide(pending!.id, 'console', { behavior: 'deny' });
    await expect(atDesk).resolves.toMatchObject({ behavior: 'deny' });
  });

  it('counts the desk as away after the idle time the desktop reports', async () => {
    await connectAndPair();
    await invoke('phone:configure', { send: 'away', awayAfterMinutes: 5 });
    let idleMs = 4 * 60_000;
    await core!.close();
    await startCore({ idleMs: () => idleMs });
    await startAgent();
    const atDesk = agent!.requestPermission(call('echo idle-four-minutes'));
    await new Promise<void>((done) => {
      const off = core!.registry.added.subscribe(() => (off(), done()));
    });
    idleMs = 5 * 60_000;
    const idle = agent!.requestPermission(call('echo idle-five-minutes'));
    const message = await messageFor('echo idle-five-minutes');
    expect(telegram.messages.some((each) => each.text.includes('idle-four-minutes'))).toBe(false);
    await telegram.press(CHAT, button(message, 'Approve')!, message.message_id);
    await expect(idle).resolves.toMatchObject({ behavior: 'allow' });
    core!.registry.decide(core!.registry.pending()[0]!.id, 'console', { behavior: 'deny' });
    await expect(atDesk).resolves.toMatchObject({ behavior: 'deny' });
  });

  it('sends nothing while Do not disturb is on, even set to always', async () => {
    await connectAndPair();
    await core!.close();
    await startCore({ notifications: { backend: createFakeBackend().backend } });
    core!.notifier!.setDoNotDisturb(true);
    await startAgent();
    const quiet = agent!.requestPermission(call('echo while-dnd'));
    await new Promise<void>((done) => {
      const off = core!.registry.added.subscribe(() => (off(), done()));
    });
    core!.notifier!.setDoNotDisturb(false);
    const loud = agent!.requestPermission(call('echo after-dnd'));
    const message = await messageFor('echo after-dnd');
    expect(telegram.messages.some((each) => each.text.includes('while-dnd'))).toBe(false);
    await telegram.press(CHAT, button(message, 'Deny')!, message.message_id);
    await expect(loud).resolves.toMatchObject({ behavior: 'deny' });
    core!.registry.decide(core!.registry.pending()[0]!.id, 'console', { behavior: 'deny' });
    await expect(quiet).resolves.toMatchObject({ behavior: 'deny' });
  });

  it('sends a test message to the paired chat', async () => {
    await connectAndPair();
    expect(await invoke('phone:test', {})).toEqual({ sent: true });
    await telegram.until((messages) => messages.some((each) => each.text.includes('Gatehouse can reach')));
  });

  it('forgets the token and the chat on disconnect, and sends nothing more', async () => {
    await connectAndPair();
    expect(await invoke('phone:disconnect', {})).toMatchObject({ connected: false, paired: false });
    expect(keychain.entries.size).toBe(1); // The bridge token's entry only.
    expect((await settingsFile()).channels?.telegram).not.toHaveProperty('chatId');
    expect((await settingsFile()).channels?.telegram).toMatchObject({ apiRoot: telegram.apiRoot });
    await startAgent();
    const before = telegram.messages.length;
    const decision = agent!.requestPermission(call('echo after-disconnect'));
    await new Promise<void>((done) => {
      const off = core!.registry.added.subscribe(() => (off(), done()));
    });
    const [pending] = core!.registry.pending();
    core!.registry.decide(pending!.id, 'console', { behavior: 'allow' });
    await expect(decision).resolves.toMatchObject({ behavior: 'allow' });
    expect(telegram.messages.length).toBe(before);
  });

  it('refuses a token Telegram refuses, in one sentence, and keeps nothing', async () => {
    const result = await dispatchInvoke(
      core!.service.handlers,
      'phone:connect',
      { token: '999999:not-the-bots-token-at-all' },
      CALLER,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'phone-token-refused', message: expect.stringContaining('refused this bot token') },
    });
    expect(core!.phone.state().connected).toBe(false);
    expect(keychain.entries.size).toBe(1);
  });

  it('refuses something that is not a bot token before asking Telegram', async () => {
    const result = await dispatchInvoke(core!.service.handlers, 'phone:connect', { token: 'hello' }, CALLER);
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('@BotFather') } });
    expect(telegram.calls).toEqual([]);
  });
});

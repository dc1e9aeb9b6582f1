/**
 * The phone as the console runs it: the bot token from the keychain, the paired chat from settings.json,
 * and the channel and racer started when both exist, at startup or when the person connects and pairs at
 * runtime; stopped on disconnect, which forgets both. What the console shows is one `PhoneState`.
 */
import type { ConsoleHandlers } from '../../common/console-contract';
import type { PhoneInvokeChannel, PhoneState } from '../../common/phone-contract';
import { createSignal } from '../../common/signal';
import type { Signal } from '../../common/signal';
import type { SecondLook } from '../notify/second-look';
import type { KeychainLike } from '../secrets/keychain';
import { forgetSecret, readSecret, writeSecret } from '../secrets/secret-store';
import type { SecretStorage } from '../secrets/secret-store';
import { DEFAULT_TELEGRAM_SETTINGS } from '../settings/console-settings';
import type { TelegramSettings } from '../settings/console-settings';
import { isJsonObject, updateConsoleSettings } from '../settings/settings-file';
import type { JsonObject } from '../settings/settings-file';
import type { MessageChannel } from '../phone/message-channel';
import { PAIRING_WINDOW_MS, startPairing } from '../phone/pairing';
import type { Pairing } from '../phone/pairing';
import { PhoneRacer } from '../phone/phone-racer';
import type { PhoneSource } from '../phone/phone-racer';
import { createTelegramChannel } from '../phone/telegram-channel';

/** The bot token's name in the keychain and, without one, its 0600 file in the home folder. */
export const TELEGRAM_TOKEN_SECRET = 'telegram-bot-token';

export type PhoneHandlers = Pick<ConsoleHandlers, PhoneInvokeChannel>;

export interface PhoneLinkOptions {
  readonly home: string;
  readonly source: PhoneSource;
  readonly needsSecondLook: SecondLook;
  readonly settings: TelegramSettings | undefined;
  readonly keychain?: KeychainLike;
  /** How long the desk has had no input, from the desktop app; absent headless (then only the switch). */
  readonly idleMs?: () => number;
  /** Do not disturb holds here too: nothing goes to the phone while it is on. */
  readonly doNotDisturb?: () => boolean;
  /** Makes the channel for a token; Telegram through grammY unless a test gives its own. */
  readonly makeChannel?: (token: string, apiRoot: string | undefined) => MessageChannel;
  readonly onWarning?: (sentence: string) => void;
}

export interface PhoneLink {
  readonly changed: Signal<PhoneState>;
  readonly handlers: PhoneHandlers;
  state(): PhoneState;
  /** Settles once a kept token and chat have been started (or failed to start, with the state saying why). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const refuse = (code: string, message: string) => ({ ok: false, error: { code, message } }) as const;

export function startPhoneLink(options: PhoneLinkOptions): PhoneLink {
  const makeChannel =
    options.makeChannel ??
    ((token, apiRoot) => createTelegramChannel({ token, ...(apiRoot ? { apiRoot } : {}) }));
  const secretOptions = options.keychain ? { keychain: options.keychain } : {};
  const settings: TelegramSettings = { ...DEFAULT_TELEGRAM_SETTINGS, ...options.settings };
  const changed = createSignal<PhoneState>();
  let away = false;
  let channel: MessageChannel | undefined;
  let offStatus: (() => void) | undefined;
  let racer: PhoneRacer | undefined;
  let pairing: (Pairing & { readonly expiresAt: number }) | undefined;
  let pairingFailed: string | undefined;
  let storage: SecretStorage | undefined;
  let up: boolean | undefined;
  let downSentence: string | undefined;

  const state = (): PhoneState => ({
    connected: channel !== undefined,
    ...(channel && storage ? { tokenStorage: storage } : {}),
    paired: settings.chatId !== undefined,
    ...(pairing ? { pairing: { code: pairing.code, expiresAt: pairing.expiresAt } } : {}),
    ...(pairingFailed ? { pairingFailed } : {}),
    ...(channel && up !== undefined ? { up } : {}),
    ...(channel && up === false && downSentence ? { downSentence } : {}),
    summaryOnly: settings.summaryOnly,
    send: settings.send,
    awayAfterMinutes: settings.awayAfterMinutes,
    away,
  });
  const emit = () => changed.emit(state());

  const isAway = () =>
    away || (options.idleMs !== undefined && options.idleMs() >= settings.awayAfterMinutes * 60_000);
  const shouldSend = () => !(options.doNotDisturb?.() ?? false) && (settings.send === 'always' || isAway());

  // Read at each send, so a changed setting holds from the next request on.
  const privacy = {
    get summaryOnly() {
      return settings.summaryOnly;
    },
  };

  function startRacer() {
    if (!channel || settings.chatId === undefined || racer) return;
    racer = new PhoneRacer({
      source: options.source,
      channel,
      chat: settings.chatId,
      needsSecondLook: options.needsSecondLook,
      privacy,
      shouldSend,
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
  }

  async function openChannel(token: string): Promise<void> {
    const next = makeChannel(token, settings.apiRoot);
    const off = next.status.subscribe((status) => {
      up = status.up;
      downSentence = status.up ? undefined : status.sentence;
      emit();
    });
    try {
      await next.start();
    } catch (error) {
      off();
      await next.stop().catch(() => undefined);
      throw error;
    }
    channel = next;
    offStatus = off;
  }

  async function closeChannel(): Promise<void> {
    pairing?.cancel();
    pairing = undefined;
    racer?.close();
    racer = undefined;
    offStatus?.();
    offStatus = undefined;
    const closing = channel;
    channel = undefined;
    up = undefined;
    await closing?.stop();
  }

  async function saveTelegram(change: string, edit: (telegram: JsonObject) => JsonObject): Promise<void> {
    await updateConsoleSettings(options.home, change, (file) => {
      const channels = isJsonObject(file.channels) ? file.channels : {};
      const telegram = isJsonObject(channels.telegram) ? channels.telegram : {};
      return { ...file, channels: { ...channels, telegram: edit(telegram) } };
    });
  }

  const ready = (async () => {
    const kept = await readSecret(options.home, TELEGRAM_TOKEN_SECRET, secretOptions).catch(() => undefined);
    if (!kept) return;
    storage = kept.storage;
    try {
      await openChannel(kept.value);
      startRacer();
    } catch (error) {
      up = false;
      downSentence = startSentence(error);
      options.onWarning?.(downSentence);
    }
    emit();
  })();

  const handlers: PhoneHandlers = {
    'phone:state': async () => ({ ok: true, value: state() }),
    'phone:connect': async ({ token }) => {
      await ready;
      await closeChannel();
      try {
        await openChannel(token);
      } catch (error) {
        emit();
        return refuse('phone-connect', startSentence(error));
      }
      storage = await writeSecret(options.home, TELEGRAM_TOKEN_SECRET, token, secretOptions);
      // A new bot starts unpaired: the old chat may not even know it.
      if (settings.chatId !== undefined) {
        delete settings.chatId;
        await saveTelegram('the paired chat', ({ chatId: _, ...rest }) => rest);
      }
      emit();
      return { ok: true, value: state() };
    },
    'phone:pair': async () => {
      if (!channel) return refuse('phone-not-connected', 'Connect a bot first: paste its token above.');
      pairing?.cancel();
      pairingFailed = undefined;
      const started = startPairing(channel);
      pairing = { ...started, expiresAt: Date.now() + PAIRING_WINDOW_MS };
      void started.result.then(async (result) => {
        if (pairing?.code !== started.code) return;
        pairing = undefined;
        if (result.paired) {
          racer?.close();
          racer = undefined;
          settings.chatId = result.chat;
          await saveTelegram('the paired chat', (telegram) => ({ ...telegram, chatId: result.chat })).catch(
            (error: Error) => options.onWarning?.(error.message),
          );
          startRacer();
        } else if (result.reason !== 'cancelled') {
          pairingFailed =
            result.reason === 'expired'
              ? 'The code expired before it reached the bot; show a new one.'
              : 'Too many wrong codes were sent to the bot, so the code is void; show a new one.';
        }
        emit();
      });
      emit();
      return { ok: true, value: state() };
    },
    'phone:test': async () => {
      if (!channel || settings.chatId === undefined)
        return refuse('phone-not-paired', 'Pair a chat first, then send a test message.');
      try {
        await channel.send(settings.chatId, {
          text: 'Gatehouse can reach this chat. Requests come here with Approve and Deny buttons.',
          rows: [],
        });
      } catch {
        return refuse('phone-send', 'The test message could not be sent; check the channel’s state above.');
      }
      return { ok: true, value: { sent: true } };
    },
    'phone:disconnect': async () => {
      await ready;
      await closeChannel();
      await forgetSecret(options.home, TELEGRAM_TOKEN_SECRET, secretOptions);
      storage = undefined;
      pairingFailed = undefined;
      if (settings.chatId !== undefined) {
        delete settings.chatId;
        await saveTelegram('the paired chat', ({ chatId: _, ...rest }) => rest);
      }
      emit();
      return { ok: true, value: state() };
    },
    'phone:configure': async (change) => {
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      await saveTelegram('the phone settings', (telegram) => ({ ...telegram, ...defined }));
      Object.assign(settings, defined);
      emit();
      return { ok: true, value: state() };
    },
    'phone:away': async ({ away: next }) => {
      away = next;
      emit();
      return { ok: true, value: state() };
    },
  };

  return {
    changed,
    handlers,
    state,
    ready,
    async close() {
      await ready;
      await closeChannel();
    },
  };
}

function startSentence(error: unknown): string {
  const status = (error as { error_code?: unknown }).error_code;
  if (status === 401 || status === 404)
    return 'Telegram refused this bot token; copy it again from @BotFather and paste it whole.';
  return 'Telegram could not be reached to check the bot token; try again when the network is back.';
}

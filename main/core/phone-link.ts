/**
 * The phone as the console runs it: the bot token from the keychain, the paired chat from settings.json,
 * and the channel and racer started when both exist, at startup or when the person connects and pairs at
 * runtime; stopped on disconnect, which forgets both. What the console shows is one `PhoneState`.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import type { ConsoleHandlers } from '../../common/console-contract';
import type {
  PairingFailure,
  PhoneInvokeChannel,
  PhoneRefusal,
  PhoneState,
} from '../../common/phone-contract';
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
import type { ChannelStatus, MessageChannel } from '../phone/message-channel';
import { PAIRING_WINDOW_MS, startPairing } from '../phone/pairing';
import type { Pairing } from '../phone/pairing';
import { PhoneRacer } from '../phone/phone-racer';
import type { PhoneRacerOptions, PhoneSource } from '../phone/phone-racer';
import { createTelegramChannel } from '../phone/telegram-channel';

/** The bot token's name in the keychain and, without one, its 0600 file in the home folder. */
export const TELEGRAM_TOKEN_SECRET = 'telegram-bot-token';

export type PhoneHandlers = Pick<ConsoleHandlers, PhoneInvokeChannel>;

export interface PhoneLinkOptions {
  readonly home: string;
  readonly source: PhoneSource;
  /** Answers the agent did not take: the phone's message about them says so too. */
  readonly amended?: PhoneRacerOptions['amended'];
  readonly needsSecondLook: SecondLook;
  readonly settings: TelegramSettings | undefined;
  readonly keychain?: KeychainLike;
  /** How long the desk has had no input, from the desktop app; absent headless (then only the switch). */
  readonly idleMs?: () => number;
  /** Do not disturb holds here too: nothing goes to the phone while it is on. */
  readonly doNotDisturb?: () => boolean;
  /** Makes the channel for a token; Telegram through grammY unless a test gives its own. */
  readonly makeChannel?: (token: string, apiRoot: string | undefined) => MessageChannel;
  readonly onWarning?: (warning: ConsoleWarning) => void;
  /** The first wait before a kept token that failed to start is tried again (tests shorten it). */
  readonly retryMs?: number;
}

export interface PhoneLink {
  readonly changed: Signal<PhoneState>;
  readonly handlers: PhoneHandlers;
  state(): PhoneState;
  /** Settles once a kept token and chat have been started (or failed to, with the state saying why); tests wait on it. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** The first retry of a kept token after a failed start, doubling up to the most. */
const RETRY_MS = 15_000;
const MAX_RETRY_MS = 5 * 60_000;

const refuse = (code: PhoneRefusal, message: string) => ({ ok: false, error: { code, message } }) as const;

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
  let pairingFailed: PairingFailure | undefined;
  let storage: SecretStorage | undefined;
  /** The channel's last word on reaching Telegram; absent until it has said anything. */
  let health: ChannelStatus | undefined;

  const state = (): PhoneState => ({
    connected: channel !== undefined || restarting,
    ...((channel || restarting) && storage ? { tokenStorage: storage } : {}),
    paired: settings.chatId !== undefined,
    ...(settings.chatId !== undefined
      ? { chat: { id: settings.chatId, ...(settings.chatName ? { name: settings.chatName } : {}) } }
      : {}),
    ...(pairing ? { pairing: { code: pairing.code, expiresAt: pairing.expiresAt } } : {}),
    ...(pairingFailed ? { pairingFailed } : {}),
    ...((channel || restarting) && health ? { up: health.up } : {}),
    ...((channel || restarting) && health && !health.up
      ? { downReason: health.reason, downSince: health.since, retrying: health.retrying }
      : {}),
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
      ...(options.amended ? { amended: options.amended } : {}),
    });
  }

  /**
   * Each open or close starts a new generation: a start still under way when the person connects again,
   * disconnects or the console closes finds itself stale and stops, so nothing waits on a slow network.
   */
  let generation = 0;
  let closed = false;
  /** A kept token whose start failed for the network's sake, waiting to be tried again. */
  let restarting = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  /** False when a later connect, disconnect or close overtook this one (its channel is then stopped). */
  async function openChannel(token: string): Promise<boolean> {
    const mine = ++generation;
    const next = makeChannel(token, settings.apiRoot);
    const off = next.status.subscribe((status) => {
      if (mine !== generation) return;
      health = status;
      emit();
    });
    try {
      await next.start();
    } catch (error) {
      off();
      await next.stop().catch(() => undefined);
      if (mine !== generation) return false;
      throw error;
    }
    if (mine !== generation || closed) {
      off();
      await next.stop().catch(() => undefined);
      return false;
    }
    channel = next;
    offStatus = off;
    return true;
  }

  async function closeChannel(): Promise<void> {
    generation += 1;
    clearTimeout(retry);
    restarting = false;
    pairing?.cancel();
    pairing = undefined;
    racer?.close();
    racer = undefined;
    offStatus?.();
    offStatus = undefined;
    const closing = channel;
    channel = undefined;
    health = undefined;
    await closing?.stop();
  }

  async function saveTelegram(change: string, edit: (telegram: JsonObject) => JsonObject): Promise<void> {
    await updateConsoleSettings(options.home, change, (file) => {
      const channels = isJsonObject(file.channels) ? file.channels : {};
      const telegram = isJsonObject(channels.telegram) ? channels.telegram : {};
      return { ...file, channels: { ...channels, telegram: edit(telegram) } };
    });
  }

  async function forgetChat(): Promise<void> {
    if (settings.chatId === undefined) return;
    delete settings.chatId;
    delete settings.chatName;
    await saveTelegram('the paired chat', ({ chatId: _, chatName: __, ...rest }) => rest);
  }

  /** A kept token that could not start for the network's sake is tried again until it starts or is replaced. */
  async function resume(token: string, attempt: number): Promise<void> {
    try {
      if (await openChannel(token)) {
        // The failed tries' sentence is over; the channel's own status speaks from here.
        restarting = false;
        health = undefined;
        startRacer();
      }
    } catch (error) {
      health = {
        up: false,
        reason: {
          code: refusedToken(error) ? 'token-refused' : 'network',
          fallback: startSentence(error),
        },
        since: health && !health.up ? health.since : Date.now(),
        retrying: !refusedToken(error),
      };
      restarting = health.retrying;
      if (restarting) {
        const mine = generation;
        retry = setTimeout(
          () => mine === generation && !closed && void resume(token, attempt + 1),
          Math.min((options.retryMs ?? RETRY_MS) * 2 ** attempt, MAX_RETRY_MS),
        );
        retry.unref();
      } else {
        options.onWarning?.({ code: 'phone-token-refused', fallback: health.reason.fallback });
      }
    }
    emit();
  }

  const ready = (async () => {
    const before = generation;
    const kept = await readSecret(options.home, TELEGRAM_TOKEN_SECRET, secretOptions).catch(() => undefined);
    if (!kept || generation !== before || closed) return;
    storage = kept.storage;
    await resume(kept.value, 0);
  })();

  const handlers: PhoneHandlers = {
    'phone:state': async () => ({ ok: true, value: state() }),
    'phone:connect': async ({ token }) => {
      await closeChannel();
      try {
        if (!(await openChannel(token)))
          return refuse('phone-busy', 'Another connect or disconnect came first; look at the state above.');
      } catch (error) {
        emit();
        return refuse(
          refusedToken(error) ? 'phone-token-refused' : 'phone-unreachable',
          startSentence(error),
        );
      }
      storage = await writeSecret(options.home, TELEGRAM_TOKEN_SECRET, token, secretOptions);
      // A new bot starts unpaired: the old chat may not even know it.
      await forgetChat();
      emit();
      return { ok: true, value: state() };
    },
    'phone:pair': async ({ replace }) => {
      if (!channel) return refuse('phone-not-connected', 'Connect a bot first: paste its token above.');
      if (settings.chatId !== undefined && replace !== true)
        return refuse(
          'phone-paired',
          'A chat is paired already; pairing another replaces it, so confirm that first.',
        );
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
          if (result.chatName) settings.chatName = result.chatName;
          else delete settings.chatName;
          await saveTelegram('the paired chat', ({ chatName: _, ...telegram }) => ({
            ...telegram,
            chatId: result.chat,
            ...(result.chatName ? { chatName: result.chatName } : {}),
          })).catch((error: Error) =>
            options.onWarning?.({
              code: 'phone-chat-not-saved',
              detail: error.message,
              fallback: error.message,
            }),
          );
          startRacer();
        } else if (result.reason !== 'cancelled') {
          pairingFailed = result.reason;
        }
        emit();
      });
      emit();
      return { ok: true, value: state() };
    },
    'phone:cancel-pairing': async () => {
      pairing?.cancel();
      pairing = undefined;
      pairingFailed = undefined;
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
      await closeChannel();
      await forgetSecret(options.home, TELEGRAM_TOKEN_SECRET, secretOptions);
      storage = undefined;
      pairingFailed = undefined;
      await forgetChat();
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
      closed = true;
      await closeChannel();
    },
  };
}

/** Telegram answers 401 (or 404, for a token of the wrong shape) to a token it does not know. */
function refusedToken(error: unknown): boolean {
  const status = (error as { error_code?: unknown }).error_code;
  return status === 401 || status === 404;
}

function startSentence(error: unknown): string {
  if (refusedToken(error))
    return 'Telegram refused this bot token; copy it again from @BotFather and paste it whole.';
  return 'Telegram could not be reached to check the bot token; try again when the network is back.';
}

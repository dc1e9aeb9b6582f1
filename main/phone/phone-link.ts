/**
 * The phone as the console runs it: the bot token from the keychain, the paired chat from settings.json,
 * and the channel and racer started when both exist, at startup or when the person connects and pairs at
 * runtime; stopped on disconnect, which forgets both. What the console shows is one `PhoneState`; each
 * change the person can make is one method here, which `phone-handlers.ts` serves as the contract's channels.
 */
import type { ConsoleWarning } from '../../common/console-contract';
import type { PairingFailure, PhoneRefusal, PhoneState } from '../../common/phone-contract';
import { createSignal } from '../../common/signal';
import type { SecondLook } from '../notify/second-look';
import type { KeychainLike } from '../secrets/keychain';
import { forgetSecret, readSecret, writeSecret } from '../secrets/secret-store';
import type { SecretStorage } from '../secrets/secret-store';
import { DEFAULT_TELEGRAM_SETTINGS } from '../settings/console-settings';
import type { TelegramSettings } from '../settings/console-settings';
import { isJsonObject, updateConsoleSettings } from '../settings/settings-file';
import type { JsonObject } from '../settings/settings-file';
import type { ChannelStatus, MessageChannel } from './message-channel';
import { PAIRING_WINDOW_MS, startPairing } from './pairing';
import type { Pairing, PairingResult } from './pairing';
import { PhoneRacer } from './phone-racer';
import type { ProgramNames } from './program-names';
import type { PhoneRacerOptions, PhoneSource } from './phone-racer';
import { createTelegramChannel } from './telegram-channel';

/** The bot token's name in the keychain and, without one, its 0600 file in the home folder. */
export const TELEGRAM_TOKEN_SECRET = 'telegram-bot-token';

export const TOKEN_REFUSED_SENTENCE =
  'Telegram refused this bot token; copy it again from @BotFather and paste it whole.';
export const UNREACHABLE_SENTENCE =
  'Telegram could not be reached to check the bot token; try again when the network is back.';

export interface PhoneLinkOptions {
  readonly home: string;
  readonly source: PhoneSource;
  /** Answers the agent did not take: the phone's message about them says so too. */
  readonly amended?: PhoneRacerOptions['amended'];
  readonly needsSecondLook: SecondLook;
  readonly programNames: ProgramNames;
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

/** The first retry of a kept token after a failed start, doubling up to the most. */
const RETRY_MS = 15_000;
const MAX_RETRY_MS = 5 * 60_000;

export class PhoneLink {
  readonly changed = createSignal<PhoneState>();
  /** Settles once a kept token and chat have been started (or failed to, with the state saying why); tests wait on it. */
  readonly ready: Promise<void>;

  private readonly settings: TelegramSettings;
  /** The console's own away switch. */
  private away = false;
  private channel: MessageChannel | undefined;
  private offStatus: (() => void) | undefined;
  /** The channel's last word on reaching Telegram; absent until it has said anything. */
  private health: ChannelStatus | undefined;
  /** Where the kept token rests. */
  private storage: SecretStorage | undefined;
  /** A kept token whose start failed for the network's sake, waiting to be tried again. */
  private restarting = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private racer: PhoneRacer | undefined;
  private pairing: (Pairing & { readonly expiresAt: number }) | undefined;
  private pairingFailed: PairingFailure | undefined;
  /**
   * Each open or close starts a new generation: a start still under way when the person connects again,
   * disconnects or the console closes finds itself stale and stops, so nothing waits on a slow network.
   */
  private generation = 0;
  private closed = false;

  constructor(private readonly options: PhoneLinkOptions) {
    this.settings = { ...DEFAULT_TELEGRAM_SETTINGS, ...options.settings };
    this.ready = this.startKept();
  }

  state(): PhoneState {
    const { settings, health, pairing, pairingFailed } = this;
    // While a kept token waits for its next try, the phone still counts as connected, down for a reason.
    const live = this.channel !== undefined || this.restarting;
    return {
      connected: live,
      ...(live && this.storage ? { tokenStorage: this.storage } : {}),
      paired: settings.chatId !== undefined,
      ...(settings.chatId !== undefined
        ? { chat: { id: settings.chatId, ...(settings.chatName ? { name: settings.chatName } : {}) } }
        : {}),
      ...(pairing ? { pairing: { code: pairing.code, expiresAt: pairing.expiresAt } } : {}),
      ...(pairingFailed ? { pairingFailed } : {}),
      ...(live && health ? { up: health.up } : {}),
      ...(live && health && !health.up
        ? { downReason: health.reason, downSince: health.since, retrying: health.retrying }
        : {}),
      summaryOnly: settings.summaryOnly,
      send: settings.send,
      awayAfterMinutes: settings.awayAfterMinutes,
      away: this.away,
    };
  }

  /** Checks a new bot token with Telegram and keeps it; the new bot starts unpaired. */
  async connect(token: string): Promise<PhoneRefusal | undefined> {
    await this.closeChannel();
    try {
      if (!(await this.openChannel(token))) return 'phone-busy';
    } catch (error) {
      this.emit();
      return refusedToken(error) ? 'phone-token-refused' : 'phone-unreachable';
    }
    this.storage = await writeSecret(this.options.home, TELEGRAM_TOKEN_SECRET, token, this.secretOptions());
    // The old chat may not even know the new bot.
    await this.forgetChat();
    this.emit();
    return undefined;
  }

  /** Shows a one-time code; the chat that sends it to the bot is paired, replacing one paired before. */
  pair(replace: boolean): PhoneRefusal | undefined {
    const { channel } = this;
    if (!channel) return 'phone-not-connected';
    if (this.settings.chatId !== undefined && !replace) return 'phone-paired';
    this.pairing?.cancel();
    this.pairingFailed = undefined;
    const started = startPairing(channel);
    this.pairing = { ...started, expiresAt: Date.now() + PAIRING_WINDOW_MS };
    void started.result.then((result) => this.pairingEnded(started.code, result));
    this.emit();
    return undefined;
  }

  cancelPairing(): void {
    this.pairing?.cancel();
    this.pairing = undefined;
    this.pairingFailed = undefined;
    this.emit();
  }

  async sendTest(): Promise<PhoneRefusal | undefined> {
    const { channel, settings } = this;
    if (!channel || settings.chatId === undefined) return 'phone-not-paired';
    try {
      await channel.send(settings.chatId, {
        text: 'Gatehouse can reach this chat. Requests come here with Approve and Deny buttons.',
        rows: [],
      });
    } catch {
      return 'phone-send';
    }
    return undefined;
  }

  /** Stops the channel and forgets the token and the paired chat. */
  async disconnect(): Promise<void> {
    await this.closeChannel();
    await forgetSecret(this.options.home, TELEGRAM_TOKEN_SECRET, this.secretOptions());
    this.storage = undefined;
    this.pairingFailed = undefined;
    await this.forgetChat();
    this.emit();
  }

  async configure(
    change: Partial<Pick<TelegramSettings, 'summaryOnly' | 'send' | 'awayAfterMinutes'>>,
  ): Promise<void> {
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    await this.saveTelegram('the phone settings', (telegram) => ({ ...telegram, ...defined }));
    Object.assign(this.settings, defined);
    this.emit();
  }

  setAway(away: boolean): void {
    this.away = away;
    this.emit();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.closeChannel();
  }

  private emit(): void {
    this.changed.emit(this.state());
  }

  private secretOptions() {
    return this.options.keychain ? { keychain: this.options.keychain } : {};
  }

  /** A token kept from an earlier run starts the channel (and the racer, with a paired chat) at once. */
  private async startKept(): Promise<void> {
    const before = this.generation;
    const { home } = this.options;
    const kept = await readSecret(home, TELEGRAM_TOKEN_SECRET, this.secretOptions()).catch(() => undefined);
    if (!kept || this.generation !== before || this.closed) return;
    this.storage = kept.storage;
    await this.resume(kept.value, 0);
  }

  /** A kept token that could not start for the network's sake is tried again until it starts or is replaced. */
  private async resume(token: string, attempt: number): Promise<void> {
    try {
      if (await this.openChannel(token)) {
        // The failed tries' sentence is over; the channel's own status speaks from here.
        this.restarting = false;
        this.health = undefined;
        this.startRacer();
      }
    } catch (error) {
      const refused = refusedToken(error);
      const { health } = this;
      this.health = {
        up: false,
        reason: {
          code: refused ? 'token-refused' : 'network',
          fallback: refused ? TOKEN_REFUSED_SENTENCE : UNREACHABLE_SENTENCE,
        },
        since: health && !health.up ? health.since : Date.now(),
        retrying: !refused,
      };
      this.restarting = !refused;
      if (refused)
        this.options.onWarning?.({ code: 'phone-token-refused', fallback: TOKEN_REFUSED_SENTENCE });
      else this.retryLater(token, attempt);
    }
    this.emit();
  }

  private retryLater(token: string, attempt: number): void {
    const mine = this.generation;
    this.retry = setTimeout(
      () => mine === this.generation && !this.closed && void this.resume(token, attempt + 1),
      Math.min((this.options.retryMs ?? RETRY_MS) * 2 ** attempt, MAX_RETRY_MS),
    );
    this.retry.unref();
  }

  /** False when a later connect, disconnect or close overtook this one (its channel is then stopped). */
  private async openChannel(token: string): Promise<boolean> {
    const mine = ++this.generation;
    const next = this.makeChannel(token);
    const off = next.status.subscribe((status) => {
      if (mine !== this.generation) return;
      this.health = status;
      this.emit();
    });
    try {
      await next.start();
    } catch (error) {
      off();
      await next.stop().catch(() => undefined);
      if (mine !== this.generation) return false;
      throw error;
    }
    if (mine !== this.generation || this.closed) {
      off();
      await next.stop().catch(() => undefined);
      return false;
    }
    this.channel = next;
    this.offStatus = off;
    return true;
  }

  private makeChannel(token: string): MessageChannel {
    const { apiRoot } = this.settings;
    if (this.options.makeChannel) return this.options.makeChannel(token, apiRoot);
    return createTelegramChannel({ token, ...(apiRoot ? { apiRoot } : {}) });
  }

  private async closeChannel(): Promise<void> {
    this.generation += 1;
    clearTimeout(this.retry);
    this.restarting = false;
    this.pairing?.cancel();
    this.pairing = undefined;
    this.racer?.close();
    this.racer = undefined;
    this.offStatus?.();
    this.offStatus = undefined;
    const closing = this.channel;
    this.channel = undefined;
    this.health = undefined;
    await closing?.stop();
  }

  private startRacer(): void {
    const { channel, settings, options } = this;
    if (!channel || settings.chatId === undefined || this.racer) return;
    const isAway = () =>
      this.away || (options.idleMs !== undefined && options.idleMs() >= settings.awayAfterMinutes * 60_000);
    this.racer = new PhoneRacer({
      source: options.source,
      channel,
      chat: settings.chatId,
      needsSecondLook: options.needsSecondLook,
      programNames: options.programNames,
      // Read at each send, so a changed setting holds from the next request on.
      privacy: {
        get summaryOnly() {
          return settings.summaryOnly;
        },
      },
      shouldSend: () => !(options.doNotDisturb?.() ?? false) && (settings.send === 'always' || isAway()),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      ...(options.amended ? { amended: options.amended } : {}),
    });
  }

  private async pairingEnded(code: string, result: PairingResult): Promise<void> {
    if (this.pairing?.code !== code) return;
    this.pairing = undefined;
    if (result.paired) {
      this.racer?.close();
      this.racer = undefined;
      this.settings.chatId = result.chat;
      if (result.chatName) this.settings.chatName = result.chatName;
      else delete this.settings.chatName;
      await this.saveTelegram('the paired chat', ({ chatName: _, ...telegram }) => ({
        ...telegram,
        chatId: result.chat,
        ...(result.chatName ? { chatName: result.chatName } : {}),
      })).catch((error: Error) =>
        this.options.onWarning?.({
          code: 'phone-chat-not-saved',
          detail: error.message,
          fallback: error.message,
        }),
      );
      this.startRacer();
    } else if (result.reason !== 'cancelled') {
      this.pairingFailed = result.reason;
    }
    this.emit();
  }

  private async forgetChat(): Promise<void> {
    if (this.settings.chatId === undefined) return;
    delete this.settings.chatId;
    delete this.settings.chatName;
    await this.saveTelegram('the paired chat', ({ chatId: _, chatName: __, ...rest }) => rest);
  }

  private async saveTelegram(change: string, edit: (telegram: JsonObject) => JsonObject): Promise<void> {
    await updateConsoleSettings(this.options.home, change, (file) => {
      const channels = isJsonObject(file.channels) ? file.channels : {};
      const telegram = isJsonObject(channels.telegram) ? channels.telegram : {};
      return { ...file, channels: { ...channels, telegram: edit(telegram) } };
    });
  }
}

/** Telegram answers 401 (or 404, for a token of the wrong shape) to a token it does not know. */
function refusedToken(error: unknown): boolean {
  const status = (error as { error_code?: unknown }).error_code;
  return status === 401 || status === 404;
}

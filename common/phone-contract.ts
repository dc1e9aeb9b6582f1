/**
 * The phone channel's part of the console contract: connect a bot, pair a chat, send a test
 * message, choose when and what the phone gets, disconnect. `console-contract.ts` merges these in.
 */
import { z } from 'zod';

/** When a request goes to the phone: only while the person is away from the desk, or every time. */
export const phoneSendModes = ['away', 'always'] as const;
export type PhoneSendMode = (typeof phoneSendModes)[number];

/** The most minutes without input before the desk counts as away: one day. */
export const AWAY_AFTER_MAX_MINUTES = 1_440;

/** A bot token as @BotFather gives it: the bot's number, a colon, and its secret part. */
export const BotTokenSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'must be a bot token as @BotFather shows it, like 123456:ABC…');

/**
 * Why the phone channel is down, as a code the console words in its own language: Telegram cannot be
 * reached, it asked to slow down (429), it refused the bot token (401), or another program reads the bot (409).
 */
export const phoneDownCodes = ['network', 'rate-limited', 'token-refused', 'another-reader'] as const;
export type PhoneDownCode = (typeof phoneDownCodes)[number];

export interface PhoneDownReason {
  /** One of `phoneDownCodes`; a string, so a console older than its channel still shows the fallback. */
  readonly code: PhoneDownCode | (string & {});
  /** For `rate-limited`: the seconds Telegram asked to wait, when it said. */
  readonly retryAfter?: number;
  /** Main's sentence in English, shown only for a code the console does not know. */
  readonly fallback: string;
}

/** Why a pairing ended without a chat: the code expired, or too many wrong codes reached the bot. */
export const pairingFailures = ['expired', 'too-many-guesses'] as const;
export type PairingFailure = (typeof pairingFailures)[number];

/**
 * Why the console refused a phone action, as the error code of its result; the console words each in its
 * own language and shows the result's English message only for a code it does not know.
 */
export const phoneRefusals = [
  'phone-busy',
  'phone-token-refused',
  'phone-unreachable',
  'phone-not-connected',
  'phone-paired',
  'phone-not-paired',
  'phone-send',
] as const;
export type PhoneRefusal = (typeof phoneRefusals)[number];

export interface PhoneState {
  /** A bot token is kept and its channel runs. */
  readonly connected: boolean;
  /** Where the token rests, while connected. */
  readonly tokenStorage?: 'keychain' | 'file';
  /** A chat is paired: requests go there. */
  readonly paired: boolean;
  /** The paired chat: its id, and its name when Telegram gave one. */
  readonly chat?: { readonly id: string; readonly name?: string };
  /** The one-time code to send to the bot, while pairing. */
  readonly pairing?: { readonly code: string; readonly expiresAt: number };
  /** Why the last pairing ended without a chat. */
  readonly pairingFailed?: PairingFailure;
  /** Absent until the channel has reached Telegram once; then whether its last poll got through. */
  readonly up?: boolean;
  /** Why the channel is down. */
  readonly downReason?: PhoneDownReason;
  /** While down: when the outage began (epoch ms). */
  readonly downSince?: number;
  /** While down: the channel keeps trying on its own (false when only the person can fix it). */
  readonly retrying?: boolean;
  readonly summaryOnly: boolean;
  readonly send: PhoneSendMode;
  readonly awayAfterMinutes: number;
  /** The console's own away switch. */
  readonly away: boolean;
}

export const phoneInvokeSchemas = {
  'phone:state': z.object({}).strict(),
  /** Checks the token with Telegram, keeps it in the keychain and starts the channel. */
  'phone:connect': z.object({ token: BotTokenSchema }).strict(),
  /**
   * Shows a one-time code; the chat that sends it to the bot is paired (see `phone:changed`). While a chat
   * is paired, only with `replace`: the person was asked, and agreed, to replace it.
   */
  'phone:pair': z.object({ replace: z.boolean().optional() }).strict(),
  /** Forgets the shown code at once: the bot refuses it from then on, as if it had expired. */
  'phone:cancel-pairing': z.object({}).strict(),
  'phone:test': z.object({}).strict(),
  /** Forgets the token and the paired chat. */
  'phone:disconnect': z.object({}).strict(),
  'phone:configure': z
    .object({
      summaryOnly: z.boolean().optional(),
      send: z.enum(phoneSendModes).optional(),
      awayAfterMinutes: z.number().int().min(1).max(AWAY_AFTER_MAX_MINUTES).optional(),
    })
    .strict(),
  'phone:away': z.object({ away: z.boolean() }).strict(),
} as const;

export type PhoneInvokeChannel = keyof typeof phoneInvokeSchemas;

export interface PhoneInvokeValues {
  'phone:state': PhoneState;
  'phone:connect': PhoneState;
  'phone:pair': PhoneState;
  'phone:cancel-pairing': PhoneState;
  'phone:test': { sent: true };
  'phone:disconnect': PhoneState;
  'phone:configure': PhoneState;
  'phone:away': PhoneState;
}

export interface PhoneEventPayloads {
  'phone:changed': PhoneState;
}
export const phoneEventChannels = ['phone:changed'] as const;

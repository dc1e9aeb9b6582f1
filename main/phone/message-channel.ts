/**
 * A message channel a person answers from away from the desk (Telegram first; ntfy or Matrix can follow):
 * what the phone racer needs of one, and nothing about any service's API.
 */
import type { PhoneDownReason } from '../../common/phone-contract';
import type { Signal } from '../../common/signal';

export interface ChannelButton {
  readonly label: string;
  /** Opaque to the channel and sent back verbatim when pressed; at most 64 bytes (Telegram's limit). */
  readonly data: string;
}

/** A text sent as a file, for what one message cannot hold. */
export interface ChannelAttachment {
  readonly name: string;
  readonly text: string;
}

export interface ChannelMessage {
  readonly text: string;
  /** Spans of `text` (UTF-16 offsets) shown verbatim in monospace, never read as links or commands. */
  readonly verbatim?: readonly { readonly offset: number; readonly length: number }[];
  /** One row each; none removes the buttons. */
  readonly rows: readonly (readonly ChannelButton[])[];
  /** Sent as a file just before the message, which replies to it; only on send, never on edit. */
  readonly attachment?: ChannelAttachment;
}

/** Where a sent message lives, to edit it later. */
export interface MessageRef {
  readonly chat: string;
  readonly message: string;
  /** The file sent with it, if any: a reply to it counts as a reply to the message. */
  readonly attachment?: string;
}

export type ChannelEvent =
  | {
      readonly kind: 'button';
      readonly chat: string;
      readonly data: string;
      /** Answered once with a short line the phone shows. */
      readonly acknowledge: (text: string) => Promise<void>;
    }
  /** A text the person wrote, with the message it replies to if any. */
  | {
      readonly kind: 'text';
      readonly chat: string;
      /** What the chat is called (a person's name and @username, or a group's title), to say which is paired. */
      readonly chatName?: string;
      readonly text: string;
      readonly replyTo?: MessageRef;
    };

export type ChannelStatus =
  | { readonly up: true }
  | {
      readonly up: false;
      readonly reason: PhoneDownReason;
      /** When this outage began (epoch ms): the first failed call since the channel was last up. */
      readonly since: number;
      /** The channel keeps trying on its own; false when only the person can fix it (a revoked token). */
      readonly retrying: boolean;
    };

export interface MessageChannel {
  /** Human name, recorded in history as where an answer came from: "telegram". */
  readonly name: string;
  /** The most characters one message may hold. */
  readonly textLimit: number;
  readonly events: Signal<ChannelEvent>;
  readonly status: Signal<ChannelStatus>;
  start(): Promise<void>;
  stop(): Promise<void>;
  send(chat: string, message: ChannelMessage): Promise<MessageRef>;
  edit(ref: MessageRef, message: ChannelMessage): Promise<void>;
}

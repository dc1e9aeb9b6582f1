/**
 * The phone as one more racer of the registry: each request goes to the paired chat as a message with
 * buttons, and a button press answers through the same `decide()` as every other racer, so the phone is
 * never a second source of truth. When the request is decided anywhere, its message says who answered and
 * loses its buttons.
 *
 * Who may answer: only the paired chat, and only with a secret that only that request's current message
 * carries. Each button has its own secret, all of a request's secrets die when one is used or the request
 * is decided, so a replayed, forged, stale or second press finds nothing and changes nothing.
 *
 * A refusal of the agent's own classifier is worded as its card is, and answers as the card does: Allow
 * retry is the card's allow (a retry and a one-shot grant, main/core/decision-room.ts), and a reply leaves it
 * refused without its words, which the agent's hook cannot carry.
 */
import { isClassifierRefusal } from '../../common/classifier-refusal';
import type { ConsoleWarning } from '../../common/console-contract';
import { randomBytes } from 'node:crypto';
import type { NotTakenView } from '../../common/history-contract';
import type { PendingRequestView } from '../../common/queue-contract';
import type { DecisionBehavior, RacerKind } from '../../common/protocol';
import type { Signal } from '../../common/signal';
import type { SecondLook } from '../notify/second-look';
import type { ChannelEvent, ChannelMessage, MessageChannel, MessageRef } from './message-channel';
import { buttonsFor, confirmNote, notTakenLine, outcomeLine, requestContent } from './phone-message';
import type { PhoneAction, PhoneContent, PhonePrivacy, Stage } from './phone-message';
import type { ProgramNames } from './program-names';

/** The part of the registry the phone uses; RaceRegistry is one. */
export interface PhoneSource {
  readonly added: Signal<PendingRequestView>;
  readonly resolved: Signal<{
    readonly id: string;
    readonly behavior: DecisionBehavior;
    readonly by: RacerKind;
    readonly message?: string;
  }>;
  decide(
    id: string,
    racer: 'phone',
    answer: { behavior: 'allow' | 'deny'; message?: string },
    channel: string,
  ): { readonly won: boolean };
}

export interface PhoneRacerOptions {
  readonly source: PhoneSource;
  readonly channel: MessageChannel;
  /** The paired chat: the only one whose answers count. */
  readonly chat: string;
  readonly needsSecondLook: SecondLook;
  readonly privacy: PhonePrivacy;
  /** What the summary-only setting may say of a command: its programs' names. */
  readonly programNames: ProgramNames;
  /** Whether a new request goes to the phone now (the person is away, or always). */
  readonly shouldSend?: () => boolean;
  /** Told in one sentence when a message could not be sent or edited. */
  readonly onWarning?: (warning: ConsoleWarning) => void;
  /** An answer recorded and sent that the agent then did not take (main/registry/agent-outcome.ts). */
  readonly amended?: Pick<Signal<{ readonly id: string; readonly notTaken: NotTakenView }>, 'subscribe'>;
}

interface Entry {
  readonly content: PhoneContent;
  readonly secondLook: boolean;
  /** A call the agent's classifier refused (common/classifier-refusal.ts). */
  readonly refusal: boolean;
  /** The question asked before a second-look Approve. */
  readonly confirmNote: string;
  stage: Stage;
  ref?: MessageRef;
  /** Settles once the message is out (or failed), so edits never overtake the send. */
  sent: Promise<void>;
  done: boolean;
}

const SECRET_BYTES = 16;
/**
 * Answered messages remembered for an amendment, newest kept: the transcript is followed for a bounded time
 * after each answer (agent-outcome.ts), so an old message is never amended and need not be kept.
 */
const SETTLED_KEPT = 200;

export class PhoneRacer {
  private readonly entries = new Map<string, Entry>();
  private readonly secrets = new Map<string, { readonly id: string; readonly action: PhoneAction }>();
  /** Each answered message as it was last edited, so an amendment adds to it. */
  private readonly settled = new Map<
    string,
    { readonly ref: MessageRef; readonly message: ChannelMessage }
  >();
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly options: PhoneRacerOptions) {
    this.unsubscribe = [
      options.source.added.subscribe((view) => this.onAdded(view)),
      options.source.resolved.subscribe((event) => this.onResolved(event)),
      options.channel.events.subscribe((event) => void this.onEvent(event)),
      ...(options.amended ? [options.amended.subscribe((event) => this.onAmended(event))] : []),
    ];
  }

  close(): void {
    for (const off of this.unsubscribe) off();
    this.secrets.clear();
    this.entries.clear();
    this.settled.clear();
  }

  private onAdded(view: PendingRequestView): void {
    if (this.entries.has(view.id) || !(this.options.shouldSend?.() ?? true)) return;
    const entry: Entry = {
      content: requestContent(
        view,
        this.options.privacy,
        this.options.channel.textLimit,
        this.options.programNames,
      ),
      secondLook: this.options.needsSecondLook(view),
      refusal: isClassifierRefusal(view),
      confirmNote: confirmNote(view),
      stage: 'ask',
      sent: Promise.resolve(),
      done: false,
    };
    this.entries.set(view.id, entry);
    const { attachment } = entry.content;
    entry.sent = this.options.channel
      .send(this.options.chat, { ...this.messageFor(view.id, entry), ...(attachment ? { attachment } : {}) })
      .then((ref) => {
        entry.ref = ref;
      })
      .catch(() => {
        // Closed meanwhile (a disconnect, the console stopping): the send was cut short, not failed.
        if (this.entries.get(view.id) !== entry) return;
        this.forget(view.id);
        this.options.onWarning?.({
          code: 'phone-send-failed',
          fallback: 'A request could not be sent to the phone; it still waits in the console.',
        });
      });
  }

  private onResolved(event: Parameters<Parameters<PhoneSource['resolved']['subscribe']>[0]>[0]): void {
    const entry = this.entries.get(event.id);
    if (!entry) return;
    this.dropSecrets(event.id);
    entry.done = true;
    void entry.sent.then(async () => {
      if (!entry.ref) return;
      this.entries.delete(event.id);
      const message = {
        ...entry.content.message,
        text: entry.content.message.text + outcomeLine(event, entry.refusal),
        rows: [],
      };
      this.settled.set(event.id, { ref: entry.ref, message });
      if (this.settled.size > SETTLED_KEPT) this.settled.delete(this.settled.keys().next().value!);
      await this.options.channel.edit(entry.ref, message).catch(() =>
        this.options.onWarning?.({
          code: 'phone-update-failed',
          fallback: 'The phone’s message could not be updated with the answer.',
        }),
      );
    });
  }

  /** The answer the message says was given did not take effect: the message says so too. */
  private onAmended(event: { readonly id: string; readonly notTaken: NotTakenView }): void {
    const entry = this.entries.get(event.id);
    // The answer's own edit may still wait on the send; the amendment follows it.
    void (entry?.sent ?? Promise.resolve()).then(async () => {
      const settled = this.settled.get(event.id);
      if (!settled) return;
      this.settled.delete(event.id);
      await this.options.channel
        .edit(settled.ref, { ...settled.message, text: settled.message.text + notTakenLine(event.notTaken) })
        .catch(() =>
          this.options.onWarning?.({
            code: 'phone-update-failed',
            fallback: 'The phone’s message could not be updated: the agent did not take the answer.',
          }),
        );
    });
  }

  private async onEvent(event: ChannelEvent): Promise<void> {
    if (event.chat !== this.options.chat) {
      if (event.kind === 'button')
        await event.acknowledge('This chat is not paired with Gatehouse.').catch(() => {});
      return;
    }
    if (event.kind === 'text') return this.onReply(event);
    const secret = this.secrets.get(event.data);
    const entry = secret && this.entries.get(secret.id);
    if (!secret || !entry || entry.done) {
      await event.acknowledge('This request is no longer waiting.').catch(() => {});
      return;
    }
    this.dropSecrets(secret.id);
    if (secret.action === 'allow' && entry.secondLook)
      return this.restage(secret.id, entry, 'confirm', event);
    if (secret.action === 'back') return this.restage(secret.id, entry, 'ask', event);
    const behavior = secret.action === 'deny' ? 'deny' : 'allow';
    const { won } = this.options.source.decide(secret.id, 'phone', { behavior }, this.options.channel.name);
    const said = entry.refusal
      ? { allow: 'Allowed to retry.', deny: 'Left refused.' }
      : { allow: 'Approved.', deny: 'Denied.' };
    await event.acknowledge(won ? said[behavior] : 'Already answered elsewhere.').catch(() => {});
  }

  /** A reply to a request's message (or to its file) denies it, with the reply as the message to the agent. */
  private onReply(event: Extract<ChannelEvent, { kind: 'text' }>): void {
    const to = event.replyTo;
    if (!to) return;
    const found = [...this.entries].find(
      ([, entry]) =>
        !entry.done &&
        entry.ref?.chat === to.chat &&
        (entry.ref.message === to.message || entry.ref.attachment === to.message),
    );
    if (!found) return;
    this.dropSecrets(found[0]);
    this.options.source.decide(
      found[0],
      'phone',
      found[1].refusal ? { behavior: 'deny' } : { behavior: 'deny', message: event.text.slice(0, 4_000) },
      this.options.channel.name,
    );
  }

  private async restage(
    id: string,
    entry: Entry,
    stage: Stage,
    event: Extract<ChannelEvent, { kind: 'button' }>,
  ): Promise<void> {
    entry.stage = stage;
    if (entry.ref) await this.options.channel.edit(entry.ref, this.messageFor(id, entry)).catch(() => {});
    await event.acknowledge(stage === 'confirm' ? 'Confirm on the message.' : 'Back.').catch(() => {});
  }

  private messageFor(id: string, entry: Entry): ChannelMessage {
    const rows = buttonsFor(
      entry.stage,
      { complete: entry.content.complete, secondLook: entry.secondLook, refusal: entry.refusal },
      (action) => this.newSecret(id, action),
    );
    const text = entry.content.message.text + (entry.stage === 'confirm' ? entry.confirmNote : '');
    return { ...entry.content.message, text, rows };
  }

  private newSecret(id: string, action: PhoneAction): string {
    const secret = randomBytes(SECRET_BYTES).toString('base64url');
    this.secrets.set(secret, { id, action });
    return secret;
  }

  private dropSecrets(id: string): void {
    for (const [secret, owner] of this.secrets) if (owner.id === id) this.secrets.delete(secret);
  }

  private forget(id: string): void {
    this.dropSecrets(id);
    this.entries.delete(id);
  }
}

/**
 * Telegram as a message channel, through grammY: outbound only (long polling, no webhook, no port), sends
 * retried at polling's steady pace through 429 `retry_after` and network loss (`send-retry.ts`), and the
 * channel's status follows whether Telegram answers: down at the first call that fails (since when, and
 * whether grammY is still trying), up again at the first that gets through, so the console can say when the
 * phone cannot be reached.
 */
import { Bot, GrammyError, HttpError, InputFile } from 'grammy';
import type { Chat, InlineKeyboardButton, MessageEntity } from 'grammy/types';
import type { PhoneDownReason } from '../../common/phone-contract';
import { oneLine } from '../../common/request-summary';
import { createSignal } from '../../common/signal';
import type {
  ChannelEvent,
  ChannelMessage,
  ChannelStatus,
  MessageChannel,
  MessageRef,
} from './message-channel';
import { retrySends } from './send-retry';

export const TELEGRAM_API_ROOT = 'https://api.telegram.org';
/** Telegram's cap on a message's text. */
export const TELEGRAM_TEXT_LIMIT = 4_096;

export interface TelegramOptions {
  readonly token: string;
  /** A bare `scheme://host[:port]` (grammY refuses a trailing slash); a stand-in in the tests. */
  readonly apiRoot?: string;
}

export function createTelegramChannel(options: TelegramOptions): MessageChannel {
  const bot = new Bot(options.token, {
    client: { apiRoot: (options.apiRoot ?? TELEGRAM_API_ROOT).replace(/\/+$/, '') },
  });
  const events = createSignal<ChannelEvent>();
  const status = createSignal<ChannelStatus>();
  let current: ChannelStatus | undefined;
  const reportUp = () => {
    if (current?.up) return;
    current = { up: true };
    status.emit(current);
  };
  /** Down since the first failure of this outage; said again only when the reason changes. */
  const reportDown = (problem: Problem) => {
    const reason = downReason(problem);
    const retrying = !stopsPolling(problem);
    if (
      current &&
      !current.up &&
      current.reason.code === reason.code &&
      current.reason.retryAfter === reason.retryAfter &&
      current.retrying === retrying
    )
      return;
    current = { up: false, reason, retrying, since: current && !current.up ? current.since : Date.now() };
    status.emit(current);
  };

  // Watches every single call, each retry of a send and 429s included (which reach here as results, not
  // errors). While down, a poll asks for what is there and returns at once instead of holding for 30 s, so
  // the first poll that gets through says so as soon as Telegram answers.
  bot.api.config.use(async (prev, method, payload, signal) => {
    const down = method === 'getUpdates' && current !== undefined && !current.up;
    try {
      const result = await prev(method, down ? { ...payload, timeout: 0 } : payload, signal);
      if (result.ok) reportUp();
      else if (isOutage(result.error_code))
        reportDown({ code: result.error_code, retryAfter: result.parameters?.retry_after });
      return result;
    } catch (error) {
      if (error instanceof HttpError && !signal?.aborted) reportDown({});
      throw error;
    }
  });
  // Installed after the watcher, so it wraps it: the watcher sees each try.
  const stopped = new AbortController();
  bot.api.config.use(retrySends(stopped.signal));

  bot.on('callback_query:data', async (ctx) => {
    const chat = ctx.callbackQuery.message?.chat.id ?? ctx.from.id;
    let acknowledged = false;
    events.emit({
      kind: 'button',
      chat: String(chat),
      data: ctx.callbackQuery.data,
      acknowledge: async (text) => {
        if (acknowledged) return;
        acknowledged = true;
        await ctx.answerCallbackQuery({ text });
      },
    });
  });
  bot.on('message:text', (ctx) => {
    const reply = ctx.message.reply_to_message;
    const name = chatName(ctx.chat);
    events.emit({
      kind: 'text',
      chat: String(ctx.chat.id),
      ...(name ? { chatName: name } : {}),
      text: ctx.message.text,
      ...(reply ? { replyTo: { chat: String(ctx.chat.id), message: String(reply.message_id) } } : {}),
    });
  });
  // A listener that throws must not stop the polling loop.
  bot.catch(() => undefined);

  let polling: Promise<void> | undefined;
  return {
    name: 'telegram',
    textLimit: TELEGRAM_TEXT_LIMIT,
    events,
    status,
    async start() {
      await bot.init();
      polling = bot
        .start({ allowed_updates: ['message', 'callback_query'], drop_pending_updates: true })
        .catch((error: unknown) => reportDown(problemOf(error)));
    },
    async stop() {
      stopped.abort();
      // grammY's stop confirms the last update with one more poll, which an outage fails; the next start
      // drops pending updates anyway, so a stop never waits on the network.
      if (bot.isRunning()) await bot.stop().catch(() => undefined);
      await polling;
    },
    async send(chat, message) {
      // The file first, so the message with the buttons comes last and quotes it.
      const file = message.attachment
        ? await bot.api.sendDocument(
            chat,
            new InputFile(Buffer.from(message.attachment.text, 'utf8'), message.attachment.name),
          )
        : undefined;
      const sent = await bot.api.sendMessage(chat, message.text, {
        reply_markup: keyboard(message),
        entities: entities(message),
        ...(file ? { reply_parameters: { message_id: file.message_id } } : {}),
      });
      return {
        chat,
        message: String(sent.message_id),
        ...(file ? { attachment: String(file.message_id) } : {}),
      };
    },
    async edit(ref: MessageRef, message) {
      try {
        // Leaving reply_markup out removes the keyboard.
        await bot.api.editMessageText(ref.chat, Number(ref.message), message.text, {
          entities: entities(message),
          ...(message.rows.length > 0 ? { reply_markup: keyboard(message) } : {}),
        });
      } catch (error) {
        if (error instanceof GrammyError && /message is not modified/.test(error.description)) return;
        throw error;
      }
    },
  };
}

function keyboard(message: ChannelMessage): { inline_keyboard: InlineKeyboardButton[][] } {
  return {
    inline_keyboard: message.rows.map((row) =>
      row.map((button) => ({ text: button.label, callback_data: button.data })),
    ),
  };
}

function entities(message: ChannelMessage): MessageEntity[] {
  return (message.verbatim ?? []).map((span) => ({ type: 'pre', offset: span.offset, length: span.length }));
}

/** The name a person knows the chat by: their name and @username, or a group's title; short and on one line. */
function chatName(chat: Chat): string | undefined {
  const named =
    'title' in chat && chat.title
      ? chat.title
      : ['first_name' in chat ? chat.first_name : undefined, 'last_name' in chat ? chat.last_name : undefined]
          .filter(Boolean)
          .join(' ');
  const username = 'username' in chat && chat.username ? `@${chat.username}` : '';
  const label = [named, named && username ? `(${username})` : username].filter(Boolean).join(' ');
  return oneLine(label, 64).text || undefined;
}

/** What went wrong with a call: Telegram's error code and retry_after, or nothing for a network error. */
interface Problem {
  readonly code?: number;
  readonly retryAfter?: number;
}

function problemOf(error: unknown): Problem {
  return error instanceof GrammyError
    ? { code: error.error_code, retryAfter: error.parameters.retry_after }
    : {};
}

/** An answer that means Telegram cannot take calls now: the token, another reader, too many, or its own fault. */
function isOutage(code: number): boolean {
  return code === 401 || code === 409 || code === 429 || code >= 500;
}

/** grammY stops polling for good on 401 (the token) and 409 (another reader); on anything else it retries. */
function stopsPolling(problem: Problem): boolean {
  return problem.code === 401 || problem.code === 409;
}

/** The console words each code in its own language; the English sentence is for a console that does not know it. */
function downReason(problem: Problem): PhoneDownReason {
  if (problem.code === 401)
    return {
      code: 'token-refused',
      fallback: 'Telegram refused the bot token; paste a new one from @BotFather in the console’s settings.',
    };
  if (problem.code === 409)
    return {
      code: 'another-reader',
      fallback:
        'Another program is reading this bot’s messages (two consoles on one bot?); stop it, then reconnect.',
    };
  if (problem.code === 429)
    return {
      code: 'rate-limited',
      ...(problem.retryAfter !== undefined ? { retryAfter: problem.retryAfter } : {}),
      fallback: `Telegram asked Gatehouse to slow down for ${problem.retryAfter ?? 'a few'} seconds; requests still wait in the console meanwhile.`,
    };
  return {
    code: 'network',
    fallback:
      'Telegram cannot be reached; requests still wait in the console, and the phone gets them when it is back.',
  };
}

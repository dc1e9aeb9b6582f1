/**
 * A local stand-in of Telegram's Bot API, speaking its documented JSON over HTTP at
 * `/bot<token>/<method>`, in JSON or, when a file is uploaded, multipart/form-data (objects JSON-serialised,
 * as the Bot API documents): getMe, getUpdates (long polling with `offset` and `timeout`, held as long as asked,
 * up to Telegram's 50 s), sendMessage
 * (with `reply_parameters`), sendDocument, editMessageText, answerCallbackQuery, deleteWebhook. The test
 * plays the person: it writes text and presses buttons, and can make the API answer 429 or drop off the
 * network.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

interface Button {
  readonly text: string;
  readonly callback_data: string;
}
interface UploadedFile {
  readonly name: string;
  readonly bytes: Buffer;
}

export interface StandInDocument {
  readonly file_id: string;
  readonly file_unique_id: string;
  readonly file_name: string;
  readonly mime_type: string;
  readonly file_size: number;
}
export interface StandInMessage {
  readonly message_id: number;
  readonly chat: { readonly id: number; readonly type: 'private' };
  /** Empty for a file, which has no text (and cannot be edited with editMessageText). */
  text: string;
  entities?: unknown[];
  reply_markup?: { inline_keyboard: Button[][] };
  readonly document?: StandInDocument;
  readonly reply_to_message?: StandInMessage;
}

export interface TelegramStandIn {
  /** A bare root, as grammY wants it. */
  readonly apiRoot: string;
  readonly messages: readonly StandInMessage[];
  /** What a file sent with sendDocument holds, as UTF-8. */
  fileText(message: StandInMessage): string | undefined;
  /** Every method called, with its token and when, in order (to check that the token goes only where it should). */
  readonly calls: readonly { readonly token: string; readonly method: string; readonly at: number }[];
  /** Every call that reached the stand-in while it was cut off, by method, in order. */
  readonly refused: readonly string[];
  /** How many long polls were held to their timeout and answered with nothing. */
  readonly expiredPolls: number;
  /** The person writes to the bot; returns the update's id. */
  write(chat: number, text: string, replyTo?: number): number;
  /**
   * The last update the bot has handled: grammY handles a batch before it polls again, and that poll's
   * `offset` confirms every update before it.
   */
  readonly handledThrough: number;
  /** The person presses a button; resolves with the text the bot answered the press with. */
  press(chat: number, data: string, messageId?: number): Promise<string>;
  /** The next `count` calls of `method` answer 429 with `retry_after`. */
  tooMany(method: string, count: number, retryAfter: number): void;
  /** Every connection is cut, and every call after it dropped unanswered, until `restore()`. */
  cut(): void;
  restore(): void;
  /** Resolves once `test` holds, checked after each send, edit and dropped call. */
  until(test: (messages: readonly StandInMessage[]) => boolean): Promise<void>;
  close(): Promise<void>;
}

/** With `token`, every other token is refused with 401, as Telegram refuses a wrong or revoked one. */
export async function startTelegramStandIn(
  options: { readonly token?: string } = {},
): Promise<TelegramStandIn> {
  const messages: StandInMessage[] = [];
  const calls: { token: string; method: string; at: number }[] = [];
  const refused: string[] = [];
  let expiredPolls = 0;
  let handledThrough = 0;
  const updates: { update_id: number; [key: string]: unknown }[] = [];
  const pollers: (() => void)[] = [];
  const watchers: (() => void)[] = [];
  const callbackAnswers = new Map<string, (text: string) => void>();
  const failures = new Map<string, { count: number; retryAfter: number }>();
  const sockets = new Set<Socket>();
  const files = new Map<string, string>();
  let nextUpdate = 1;
  let nextMessage = 100;
  let nextCallback = 1;
  let down = false;

  const push = (update: Record<string, unknown>): number => {
    const id = nextUpdate++;
    updates.push({ update_id: id, ...update });
    for (const wake of pollers.splice(0)) wake();
    return id;
  };
  const changed = () => {
    for (const watch of [...watchers]) watch();
  };
  const user = (chat: number) => ({
    id: chat,
    is_bot: false,
    first_name: 'Person',
    last_name: String(chat),
    username: `person${chat}`,
  });
  const reply = (res: ServerResponse, result: unknown): void =>
    void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
  const fail = (res: ServerResponse, code: number, description: string, parameters?: object): void =>
    void res
      .writeHead(code, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) }),
      );

  async function handle(method: string, params: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const failure = failures.get(method);
    if (failure && failure.count > 0) {
      failure.count -= 1;
      return fail(res, 429, `Too Many Requests: retry after ${failure.retryAfter}`, {
        retry_after: failure.retryAfter,
      });
    }
    switch (method) {
      case 'getMe':
        return reply(res, { id: 42, is_bot: true, first_name: 'Gatehouse', username: 'gatehouse_test_bot' });
      case 'deleteWebhook':
        return reply(res, true);
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        handledThrough = Math.max(handledThrough, offset - 1);
        const fresh = () => updates.filter((update) => update.update_id >= offset);
        if (fresh().length === 0 && Number(params.timeout ?? 0) > 0) {
          const expired = await new Promise<boolean>((wake) => {
            pollers.push(() => wake(false));
            setTimeout(() => wake(true), Math.min(Number(params.timeout), 50) * 1_000);
          });
          if (expired && fresh().length === 0) expiredPolls += 1;
        }
        return reply(res, fresh());
      }
      case 'sendMessage': {
        const replyTo = (params.reply_parameters as { message_id?: number } | undefined)?.message_id;
        const quoted =
          replyTo === undefined ? undefined : messages.find((each) => each.message_id === replyTo);
        if (replyTo !== undefined && !quoted)
          return fail(res, 400, 'Bad Request: message to be replied not found');
        const message: StandInMessage = {
          message_id: nextMessage++,
          chat: { id: Number(params.chat_id), type: 'private' },
          text: String(params.text),
          ...(params.entities ? { entities: params.entities as unknown[] } : {}),
          ...(params.reply_markup
            ? { reply_markup: params.reply_markup as StandInMessage['reply_markup'] }
            : {}),
          ...(quoted ? { reply_to_message: quoted } : {}),
        };
        if (message.text.length > 4_096) return fail(res, 400, 'Bad Request: message is too long');
        messages.push(message);
        changed();
        return reply(res, message);
      }
      case 'sendDocument': {
        const upload = params.document as UploadedFile | undefined;
        if (!upload?.bytes) return fail(res, 400, 'Bad Request: there is no document in the request');
        const fileId = `file-${nextMessage}`;
        files.set(fileId, upload.bytes.toString('utf8'));
        const message: StandInMessage = {
          message_id: nextMessage++,
          chat: { id: Number(params.chat_id), type: 'private' },
          text: '',
          document: {
            file_id: fileId,
            file_unique_id: fileId,
            file_name: upload.name,
            mime_type: 'text/plain',
            file_size: upload.bytes.length,
          },
        };
        messages.push(message);
        changed();
        const { text: _, ...sent } = message;
        return reply(res, { ...sent, date: Math.floor(Date.now() / 1000) });
      }
      case 'editMessageText': {
        const message = messages.find(
          (each) => each.message_id === Number(params.message_id) && each.chat.id === Number(params.chat_id),
        );
        if (!message) return fail(res, 400, 'Bad Request: message to edit not found');
        if (message.document) return fail(res, 400, 'Bad Request: there is no text in the message to edit');
        const markup = params.reply_markup as StandInMessage['reply_markup'] | undefined;
        if (message.text === params.text && JSON.stringify(message.reply_markup) === JSON.stringify(markup))
          return fail(res, 400, 'Bad Request: message is not modified');
        message.text = String(params.text);
        if (markup) message.reply_markup = markup;
        else delete message.reply_markup;
        changed();
        return reply(res, message);
      }
      case 'answerCallbackQuery': {
        const answer = callbackAnswers.get(String(params.callback_query_id));
        if (!answer)
          return fail(
            res,
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        callbackAnswers.delete(String(params.callback_query_id));
        answer(String(params.text ?? ''));
        return reply(res, true);
      }
      default:
        return fail(res, 404, 'Not Found: method not found');
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (down) {
        refused.push(match?.[2] ?? '');
        req.socket.destroy();
        return changed();
      }
      if (!match) return fail(res, 404, 'Not Found');
      const token = decodeURIComponent(match[1]!);
      calls.push({ token, method: match[2]!, at: Date.now() });
      if (options.token !== undefined && token !== options.token) return fail(res, 401, 'Unauthorized');
      void handle(match[2]!, parameters(req.headers['content-type'] ?? '', Buffer.concat(chunks)), res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    messages,
    fileText: (message) => (message.document ? files.get(message.document.file_id) : undefined),
    calls,
    refused,
    get expiredPolls() {
      return expiredPolls;
    },
    get handledThrough() {
      return handledThrough;
    },
    write(chat, text, replyTo) {
      return push({
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { ...user(chat), type: 'private' },
          from: user(chat),
          text,
          ...(replyTo
            ? {
                reply_to_message: messages.find((message) => message.message_id === replyTo) ?? {
                  message_id: replyTo,
                },
              }
            : {}),
        },
      });
    },
    press(chat, data, messageId) {
      const id = String(nextCallback++);
      const message = messages.find((each) => each.message_id === messageId) ?? messages.at(-1);
      return new Promise((answered) => {
        callbackAnswers.set(id, answered);
        push({
          callback_query: {
            id,
            from: user(chat),
            chat_instance: String(chat),
            data,
            ...(message ? { message: { ...message, chat: { id: chat, type: 'private' }, date: 0 } } : {}),
          },
        });
      });
    },
    tooMany(method, count, retryAfter) {
      failures.set(method, { count, retryAfter });
    },
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    until(test) {
      return new Promise((done) => {
        const check = () => {
          if (!test(messages)) return;
          watchers.splice(watchers.indexOf(check), 1);
          done();
        };
        watchers.push(check);
        check();
      });
    },
    close: () =>
      new Promise((done) => {
        for (const wake of pollers.splice(0)) wake();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * A method's parameters: a JSON body, or a multipart form whose fields are strings or JSON and whose files
 * may be named by an `attach://<field>` reference, as the Bot API accepts (and grammY sends). Parsed by
 * hand because grammY writes `filename=` unquoted, which stricter form parsers refuse and Telegram accepts.
 */
function parameters(type: string, body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  const boundary = /^multipart\/form-data;\s*boundary=(.+)$/i.exec(type)?.[1];
  if (!boundary) return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  const fields = new Map<string, string | UploadedFile>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length + 2; // past the CRLF (or the closing "--")
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next - 2); // without the CRLF before the delimiter
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="?([^";\r\n]+)"?/i.exec(head.replace(/filename=\S+/i, ''))?.[1];
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (name !== undefined)
      fields.set(
        name,
        filename !== undefined ? { name: filename, bytes: Buffer.from(content) } : content.toString('utf8'),
      );
    at = next;
  }
  const params: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    if (typeof value !== 'string') continue;
    const attached = /^attach:\/\/(.+)$/.exec(value)?.[1];
    params[name] =
      attached !== undefined ? fields.get(attached) : /^[[{]/.test(value) ? JSON.parse(value) : value;
  }
  return params;
}

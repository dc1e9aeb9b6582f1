/**
 * Gatehouse's OpenCode plugin: `gatehouse install opencode` puts its bundle in OpenCode's plugins folder,
 * and OpenCode starts it beside its own server, so it needs no port of OpenCode's and ends with it. It
 * listens to OpenCode's events: each `permission.asked` also becomes a console card, and the console's
 * answer is a reply like the one OpenCode's own prompt sends, so whichever replies first wins. A
 * `permission.replied` the plugin did not send withdraws the card as answered in OpenCode; a console reply
 * OpenCode refuses because its prompt replied first is reported back as not taken. With no console
 * the plugin does nothing: OpenCode's prompt asks as it always does, and nothing waits.
 *
 * It runs in OpenCode's runtime (Bun), so it talks to the console over the lean hook's socket (node:net,
 * no `ws`), one connection per question, as a hook process does.
 */
import { AnsweredInTerminal, askConsole, requestMessages } from '../hook/ask-console';
import { openHookSocket } from '../hook/hook-socket';
import type { HookSocket } from '../hook/hook-socket';
import { findConsole } from '../hook/lean-discovery';
import {
  configuredRule,
  dialogAnswerOf,
  notTakenMessage,
  readPermissionAsked,
  readPermissionReplied,
  replyFor,
  toOpenCodePermissionCall,
} from './opencode-permission';
import type { OpenCodeReply, PermissionAsked, PermissionReplied } from './opencode-permission';

/** The little of OpenCode's SDK client (@opencode-ai/sdk, as OpenCode hands it to plugins) used here. */
interface OpenCodeClient {
  readonly config: { get(): Promise<{ readonly data?: { readonly permission?: unknown } }> };
  readonly app: {
    log(options: { body: { service: string; level: 'warn'; message: string } }): Promise<unknown>;
  };
  /**
   * The generated client underneath: OpenCode's plugin client has no method for the reply that carries a
   * message (`POST /permission/{requestID}/reply`), so the request goes through it, to OpenCode's own
   * server in-process.
   */
  readonly _client: {
    post(options: {
      url: string;
      path: Record<string, string>;
      body: OpenCodeReply;
      headers: Record<string, string>;
    }): Promise<{ readonly response?: { readonly status: number } }>;
  };
}

export interface PluginInput {
  readonly client: OpenCodeClient;
  readonly directory: string;
}

interface OpenCodeEvent {
  readonly type: string;
  readonly properties?: unknown;
}

/** How long the console has to answer the connection's upgrade; a console that slow gets no card. */
const CONNECT_TIMEOUT_MS = 2_000;
/**
 * How long a refused reply waits for OpenCode's `permission.replied` saying what won; OpenCode publishes it
 * as it takes the reply, so only a question that went without one (its session aborted) waits this long.
 */
const REPLIED_WAIT_MS = 5_000;

export function gatehousePlugin(
  input: PluginInput,
  env: Readonly<Record<string, string | undefined>> = process.env,
) {
  const { client, directory } = input;
  /** The questions with a card up, by OpenCode's request id. */
  const waiting = new Map<string, AbortController>();
  /** What OpenCode announced as the reply to each question the plugin is still handling. */
  const replies = new Map<string, Deferred<PermissionReplied>>();
  const warn = (message: string) =>
    void client.app.log({ body: { service: 'gatehouse', level: 'warn', message } }).catch(() => undefined);

  async function ask(asked: PermissionAsked): Promise<void> {
    const controller = new AbortController();
    waiting.set(asked.id, controller);
    const replied = deferred<PermissionReplied>();
    replies.set(asked.id, replied);
    let socket: HookSocket | undefined;
    try {
      const found = await findConsole(env);
      if (!found.found) return;
      const rule = await client.config.get().then(
        (config) => configuredRule(config.data?.permission, asked),
        () => undefined,
      );
      const call = toOpenCodePermissionCall(asked, directory, rule);
      socket = await openHookSocket(found.endpoint, {
        timeoutMs: CONNECT_TIMEOUT_MS,
        signal: controller.signal,
        agent: { name: 'opencode' },
        early: requestMessages(call),
      });
      const outcome = await askConsole(socket, call.id, controller.signal);
      // Taken out before replying, so the `permission.replied` this reply causes withdraws nothing.
      waiting.delete(asked.id);
      const reply = outcome.decision && replyFor(outcome.decision);
      if (!reply) return;
      const { response } = await client._client.post({
        url: '/permission/{requestID}/reply',
        path: { requestID: asked.id },
        body: reply,
        headers: { 'Content-Type': 'application/json' },
      });
      if (response?.status === 404) {
        // OpenCode's own prompt replied between the console's answer and this one: the console learns
        // that its answer was not taken, and what the prompt answered.
        const first = await Promise.race([replied.promise, once(controller.signal, REPLIED_WAIT_MS)]);
        if (first) socket.send(notTakenMessage(asked.id, first));
      } else if (response && response.status >= 400)
        warn(`OpenCode refused the console's reply to ${asked.id} (HTTP ${response.status}).`);
    } finally {
      if (waiting.get(asked.id) === controller) waiting.delete(asked.id);
      replies.delete(asked.id);
      void socket?.close();
    }
  }

  return {
    event({ event }: { event: OpenCodeEvent }): void {
      if (event.type === 'permission.asked') {
        const asked = readPermissionAsked(event.properties);
        if (asked && !waiting.has(asked.id))
          ask(asked).catch((error: unknown) => {
            if (!waiting.get(asked.id)?.signal.aborted)
              warn(`no console card for ${asked.id}: ${(error as Error).message}`);
          });
      } else if (event.type === 'permission.replied') {
        const replied = readPermissionReplied(event.properties);
        if (!replied) return;
        replies.get(replied.requestID)?.resolve(replied);
        waiting.get(replied.requestID)?.abort(new AnsweredInTerminal(dialogAnswerOf(replied)));
      }
    },
    dispose(): void {
      // OpenCode is closing this folder's instance: the cards go, as a closed hook connection's do.
      for (const controller of waiting.values()) controller.abort();
    },
  };
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Resolves undefined after `ms`, or at once when `signal` aborts; the timer never holds OpenCode open. */
function once(signal: AbortSignal, ms: number): Promise<undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    timer.unref?.();
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/**
 * The web console's WebSocket. The page was served with the console token in its URL fragment (which never
 * reaches a server log); it proves itself with that token in its first frame. Until then it receives
 * nothing, and a socket that has not authenticated within a few seconds is closed.
 */
import type { WebSocket } from 'ws';
import { ConsoleClientFrameSchema } from '../../common/console-contract';
import type { ConsoleServerFrame } from '../../common/console-contract';
import type { ConsoleService } from '../console/console-service';
import { dispatchInvoke } from '../console/dispatch-invoke';
import { tokensEqual } from '../secrets/token';

export const AUTH_DEADLINE_MS = 5_000;

let clients = 0;

export function serveConsoleChannel(
  socket: WebSocket,
  options: { service: ConsoleService; token: string; authDeadlineMs?: number },
): void {
  const caller = { id: `web:${++clients}`, channel: 'web' } as const;
  let unsubscribe: (() => void) | undefined;
  const send = (frame: ConsoleServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const authDeadline = setTimeout(
    () => socket.close(4401, 'Authenticate first.'),
    options.authDeadlineMs ?? AUTH_DEADLINE_MS,
  );

  socket.on('message', async (data) => {
    // A frame that arrived behind the one that closed the socket must not authenticate or invoke after all.
    if (socket.readyState !== socket.OPEN) return;
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      socket.close(4400, 'Frames must be JSON.');
      return;
    }
    const frame = ConsoleClientFrameSchema.safeParse(raw);
    if (!frame.success) {
      socket.close(4400, 'Unknown frame.');
      return;
    }
    if (frame.data.type === 'auth') {
      if (unsubscribe) return;
      if (!tokensEqual(frame.data.token, options.token)) {
        socket.close(4401, 'Wrong console token.');
        return;
      }
      clearTimeout(authDeadline);
      unsubscribe = options.service.subscribe((channel, payload) =>
        send({ type: 'event', channel, payload }),
      );
      send({ type: 'ready' });
      return;
    }
    if (!unsubscribe) {
      socket.close(4401, 'Authenticate first.');
      return;
    }
    const result = await dispatchInvoke(
      options.service.handlers,
      frame.data.channel,
      frame.data.args,
      caller,
    );
    send({ type: 'result', seq: frame.data.seq, result });
  });

  socket.on('close', () => {
    clearTimeout(authDeadline);
    unsubscribe?.();
    options.service.disconnect(caller);
  });
  socket.on('error', () => socket.terminate());
}

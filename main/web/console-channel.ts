/**
 * The web console's WebSocket. The page proves itself in its first frame, with its link's one-time code
 * (from the URL fragment, which never reaches a server log) or the tab secret it was handed last time; it
 * gets the next secret back. A tab coming back with a secret first challenges the console to prove it handed
 * that secret out, so a program squatting on the port while the console was down never sees it. Until then it receives nothing, and a socket that has not authenticated within
 * a few seconds is closed.
 */
import type { WebSocket } from 'ws';
import { ConsoleClientFrameSchema, REFUSED_CLOSE } from '../../common/console-contract';
import type { ConsoleServerFrame } from '../../common/console-contract';
import type { ConsoleService } from '../console/console-service';
import { dispatchInvoke } from '../console/dispatch-invoke';
import type { ConsolePasses, Refusal } from './console-passes';

export const AUTH_DEADLINE_MS = 5_000;

let clients = 0;

const REFUSED_REASON: Record<Refusal, string> = {
  unknown: 'Not a console link.',
  used: 'This link was already used; each link opens the console once.',
  expired: 'This link has expired.',
};

export function serveConsoleChannel(
  socket: WebSocket,
  options: {
    service: ConsoleService;
    passes: ConsolePasses;
    /** The console's port, which a resume proof is bound to. */
    port: number;
    authDeadlineMs?: number;
  },
): void {
  const caller = { id: `web:${++clients}`, channel: 'web' } as const;
  let unsubscribe: (() => void) | undefined;
  let release: (() => void) | undefined;
  let challenged = false;
  const send = (frame: ConsoleServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const authDeadline = setTimeout(
    () => socket.close(4401, 'Authenticate first.'),
    options.authDeadlineMs ?? AUTH_DEADLINE_MS,
  );

  /** While an authentication waits for its secret to be kept, later frames wait behind it, in order. */
  let authenticating: Promise<void> | undefined;
  socket.on('message', async (data) => {
    if (authenticating) await authenticating;
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
    if (frame.data.type === 'challenge') {
      if (unsubscribe || challenged) {
        socket.close(4400, 'One challenge, before authenticating.');
        return;
      }
      challenged = true;
      const proved = options.passes.prove(frame.data.for, frame.data.nonce, options.port);
      if (!proved.ok) socket.close(REFUSED_CLOSE[proved.reason], REFUSED_REASON[proved.reason]);
      else send({ type: 'proof', proof: proved.proof });
      return;
    }
    if (frame.data.type === 'auth') {
      if (unsubscribe) return;
      const redeemed = options.passes.redeem(frame.data);
      if (!redeemed.ok) {
        socket.close(REFUSED_CLOSE[redeemed.reason], REFUSED_REASON[redeemed.reason]);
        return;
      }
      clearTimeout(authDeadline);
      release = redeemed.release;
      // A console killed between handing out the secret and keeping its digest would strand the tab: the
      // next console on this home could not let it back in. So the digest is on disk first.
      authenticating = redeemed.kept;
      await authenticating;
      authenticating = undefined;
      if (socket.readyState !== socket.OPEN) return;
      unsubscribe = options.service.subscribe((channel, payload) =>
        send({ type: 'event', channel, payload }),
      );
      send({ type: 'ready', secret: redeemed.secret });
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
    release?.();
    options.service.disconnect(caller);
  });
  socket.on('error', () => socket.terminate());
}

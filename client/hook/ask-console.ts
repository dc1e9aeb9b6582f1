/**
 * One permission request over an open hook socket, until its decision, an error about it, the console
 * going away, or the hook giving up (then the console is told, so the card leaves every window at once).
 */
import type { PermissionCall } from '../sdk/types';
import type { HookSocket } from './hook-socket';
import { PROTOCOL_VERSION, readDecision, readError } from './lean-protocol';
import type { ConsoleDecision } from './lean-protocol';

export type AskOutcome =
  { readonly decision: ConsoleDecision } | { readonly decision?: undefined; readonly reason: string };

export function askConsole(
  socket: HookSocket,
  call: PermissionCall,
  agent: { readonly name: string },
  signal: AbortSignal,
): Promise<AskOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: AskOutcome) => {
      signal.removeEventListener('abort', giveUp);
      resolve(outcome);
    };
    const giveUp = () => {
      socket.send({ type: 'permission.cancel', id: call.id, reason: 'aborted' });
      finish({ reason: 'The hook stopped waiting for the console.' });
    };
    socket.onMessage((frame) => {
      const decision = readDecision(frame);
      if (decision?.id === call.id) return finish({ decision });
      const error = readError(frame);
      if (error?.id === call.id) finish({ reason: `The console refused the request: ${error.message}` });
    });
    void socket.closed.then(() => finish({ reason: 'The console closed the connection.' }));
    if (signal.aborted) return finish({ reason: 'The hook stopped waiting for the console.' });
    signal.addEventListener('abort', giveUp, { once: true });
    socket.send(
      { type: 'hello', protocol: PROTOCOL_VERSION, agent },
      { type: 'permission.request', ...call },
    );
  });
}

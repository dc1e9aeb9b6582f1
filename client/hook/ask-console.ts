/**
 * One permission request over a hook socket, until its decision, an error about it, the console going
 * away, or the hook giving up (then the console is told, so the card leaves every window at once). The
 * request itself goes out with the socket's hello (`requestMessages`, hook-socket.ts), so `askConsole`
 * only waits for the answer.
 */
import type { PermissionCall } from '../../common/protocol';
import type { HookSocket } from './hook-socket';
import { readDecision, readError } from './lean-protocol';
import type { ConsoleDecision } from './lean-protocol';

export type AskOutcome =
  { readonly decision: ConsoleDecision } | { readonly decision?: undefined; readonly reason: string };

/**
 * An abort reason saying the person answered in the agent's own dialog, with what they answered when the
 * agent told us: the card is withdrawn as `answered-in-terminal`, and history records their answer.
 */
export class AnsweredInTerminal {
  constructor(readonly answer?: { readonly behavior: 'allow' | 'deny'; readonly message?: string }) {}
}

/** An abort reason saying the hook's own deadline passed: the card is withdrawn as a timeout. */
export class HookDeadline {}

/** The request, which goes out right behind the socket's hello (hook-socket.ts). */
export function requestMessages(call: PermissionCall): object[] {
  return [{ type: 'permission.request', ...call }];
}

export function askConsole(socket: HookSocket, id: string, signal: AbortSignal): Promise<AskOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: AskOutcome) => {
      signal.removeEventListener('abort', giveUp);
      resolve(outcome);
    };
    const giveUp = () => {
      const why: unknown = signal.reason;
      if (why instanceof AnsweredInTerminal) {
        socket.send({
          type: 'permission.cancel',
          id,
          reason: 'answered-in-terminal',
          ...(why.answer ? { answer: why.answer } : {}),
        });
        finish({ reason: 'The person answered in Claude Code’s own dialog.' });
        return;
      }
      const deadline = why instanceof HookDeadline;
      socket.send({ type: 'permission.cancel', id, reason: deadline ? 'deadline' : 'aborted' });
      finish({
        reason: deadline
          ? 'The hook’s deadline passed before the console answered.'
          : 'The hook stopped waiting for the console.',
      });
    };
    socket.onMessage((frame) => {
      const decision = readDecision(frame);
      if (decision?.id === id) return finish({ decision });
      const error = readError(frame);
      if (error?.id === id) finish({ reason: `The console refused the request: ${error.message}` });
    });
    void socket.closed.then(() => finish({ reason: 'The console closed the connection.' }));
    if (signal.aborted) return giveUp();
    signal.addEventListener('abort', giveUp, { once: true });
  });
}

/**
 * One agent's WebSocket: parses and validates every frame, turns requests into races, and answers a bad
 * frame with an `error` that names the problem. Nothing a peer sends can throw out of here, and nothing it
 * sends touches another connection's requests.
 */
import type { WebSocket } from 'ws';
import { parseAgentMessage, PROTOCOL_VERSION } from '../../common/protocol';
import type { AgentInfo, AgentMessage, ConsoleMessage, ErrorCode } from '../../common/protocol';
import { DEADLINE_CHANNEL } from '../../common/history-contract';
import type { Deliver, RaceRegistry } from '../registry/race-registry';
import { withdrawalAnswer } from '../registry/withdrawal';
import { createRateLimiter } from './limits';
import type { BridgeLimits } from './limits';
import type { PendingBook } from './pending-book';
import { createSessionCarrier } from './session-carrier';

export interface AgentConnectionOptions {
  readonly registry: RaceRegistry;
  readonly limits: BridgeLimits;
  readonly consoleVersion: string;
  /** Shared by every connection of the bridge: the caps hold across connections. */
  readonly book: PendingBook;
  /** The token this connection was admitted with. */
  readonly token: string;
  /** Whether a `hello.proof` answers this connection's challenge (bridge-guard.ts); nothing is read before one does. */
  readonly proves: (proof: string) => boolean;
}

const UNNAMED_AGENT: AgentInfo = { name: 'unknown agent' };
/** A hook is sent one decision; a long-lived agent reports a lost one within moments of it. */
const DECIDED_KEPT = 64;

export function serveAgentConnection(socket: WebSocket, options: AgentConnectionOptions): void {
  const { registry, limits } = options;
  let agent = UNNAMED_AGENT;
  let proven = false;
  /** The hello said this connection never re-sends (a hook): its close withdraws its requests at once. */
  let oneShot = false;
  const limiter = createRateLimiter(limits.maxMessagesPerSecond, limits.maxMessagesPerSecond * 2);
  const holder = { connection: socket, token: options.token };

  const send = (message: ConsoleMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const fail = (code: ErrorCode, message: string, id?: string) =>
    send({ type: 'error', code, message, ...(id ? { id } : {}) });

  /** The latest ids this connection was sent a decision for: only those it may report as not taken. */
  const decided = new Set<string>();
  const deliver: Deliver = (decision) => {
    decided.add(decision.id);
    if (decided.size > DECIDED_KEPT) decided.delete(decided.values().next().value!);
    send(decision);
  };

  /** Refuses a connection whose first word is not a hello that proves the token. */
  const refuseUnproven = () => {
    fail(
      'unauthorized',
      'The first message must be a hello whose proof answers this connection’s challenge; see docs/protocol.md.',
    );
    socket.close(4401, 'unauthorized');
  };

  const carrier = createSessionCarrier();
  const handle = (message: AgentMessage) => {
    switch (message.type) {
      case 'hello':
        if (!proven && !options.proves(message.proof)) return refuseUnproven();
        proven = true;
        if (message.protocol !== PROTOCOL_VERSION) {
          fail(
            'unsupported-protocol',
            `This console speaks protocol ${PROTOCOL_VERSION}; the agent asked for ${message.protocol}.`,
          );
          return;
        }
        agent = message.agent;
        oneShot = message.oneShot === true;
        send({
          type: 'welcome',
          protocol: PROTOCOL_VERSION,
          console: { name: 'gatehouse', version: options.consoleVersion },
          limits: {
            maxFrameBytes: limits.maxFrameBytes,
            maxPendingPerSession: limits.maxPendingPerSession,
            maxMessagesPerSecond: limits.maxMessagesPerSecond,
          },
        });
        return;
      case 'permission.request': {
        const refusal = registry.has(message.id) ? undefined : options.book.refusal(message, holder);
        if (refusal) {
          fail('too-many-pending', refusal, message.id);
          return;
        }
        carrier.note(message.sessionId);
        const result = registry.submit(message, agent, deliver);
        if (result.kind === 'conflict') fail('id-conflict', result.message, message.id);
        else if (result.kind === 'replayed') send(result.decision);
        else options.book.hold(message, holder);
        return;
      }
      case 'permission.cancel':
        // After the decision, the agent's own dialog answering first means the decision was not taken.
        if (
          message.reason === 'answered-in-terminal' &&
          message.answer &&
          'behavior' in message.answer &&
          decided.delete(message.id)
        ) {
          const { behavior, message: words } = message.answer;
          registry.notTaken.emit({
            id: message.id,
            notTaken: {
              because: behavior === 'deny' ? 'terminal-no' : 'terminal-yes',
              ...(words ? { message: words } : {}),
            },
          });
          return;
        }
        // Only the connection a request waits on may withdraw it.
        if (!registry.heldBy(message.id, deliver)) {
          fail(
            'unknown-request',
            `This connection holds no undecided request "${message.id}"; only the connection that sent a request may cancel it.`,
            message.id,
          );
          return;
        }
        // The agent's own deadline is a timeout, not the terminal's answer; its channel says it
        // was the agent's and how long it waited, so history can say so.
        if (message.reason === 'deadline') {
          const waited = registry.lookup(message.id)?.request.timeoutMs;
          registry.decide(
            message.id,
            'timeout',
            { behavior: 'passthrough' },
            waited === undefined ? DEADLINE_CHANNEL : `${DEADLINE_CHANNEL}:${waited}`,
          );
        } else if (message.reason === 'aborted' && oneShot) {
          // A hook gives up only when the agent signals it to stop: the agent interrupted the turn.
          registry.interrupted(message.id);
        } else
          registry.decide(
            message.id,
            'agent',
            withdrawalAnswer(message, registry.lookup(message.id)?.request.options),
          );
        return;
      case 'session.event':
        carrier.note(message.sessionId, message.event === 'session.ended');
        registry.retire(message, deliver);
        registry.noteSession(message, agent);
        return;
    }
  };

  socket.on('message', (data, isBinary) => {
    // A frame that arrived behind the one that closed the socket (a wrong proof, then the right one in the
    // same write) must not prove the connection or reach the registry after all.
    if (socket.readyState !== socket.OPEN) return;
    if (!limiter.take()) {
      fail(
        'rate-limited',
        `More than ${limits.maxMessagesPerSecond} messages a second; slow down and re-send.`,
      );
      return;
    }
    if (isBinary) {
      if (!proven) return refuseUnproven();
      fail('bad-message', 'Binary frames are not part of the protocol; send JSON text frames.');
      return;
    }
    const parsed = parseAgentMessage(data.toString());
    if (!proven && !(parsed.ok && parsed.value.type === 'hello')) return refuseUnproven();
    if (!parsed.ok) {
      send(parsed.error);
      return;
    }
    try {
      handle(parsed.value);
    } catch (error) {
      fail('internal', `The console could not handle that message (${(error as Error).message}).`);
    }
  });

  socket.on('close', () => {
    registry.detach(deliver, oneShot);
    registry.sessionsDisconnected(carrier.carried());
  });
  socket.on('error', () => socket.terminate());
}

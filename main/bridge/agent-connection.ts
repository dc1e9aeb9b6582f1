/**
 * One agent's WebSocket: parses and validates every frame, turns requests into races, and answers a bad
 * frame with an `error` that names the problem. Nothing a peer sends can throw out of here, and nothing it
 * sends touches another connection's requests.
 */
import type { WebSocket } from 'ws';
import { parseAgentMessage, PROTOCOL_VERSION } from '../../common/protocol';
import type { AgentMessage, ConsoleMessage, ErrorCode } from '../../common/protocol';
import { SlotMap } from '../../common/slot-map';
import type { AgentInfo, Deliver, RaceRegistry } from '../registry/race-registry';
import { createRateLimiter } from './limits';
import type { BridgeLimits } from './limits';

export interface AgentConnectionOptions {
  readonly registry: RaceRegistry;
  readonly limits: BridgeLimits;
  readonly consoleVersion: string;
  /** Whether a `hello.proof` answers this connection's challenge (bridge-guard.ts); nothing is read before one does. */
  readonly proves: (proof: string) => boolean;
}

const UNNAMED_AGENT: AgentInfo = { name: 'unknown agent' };

export function serveAgentConnection(socket: WebSocket, options: AgentConnectionOptions): void {
  const { registry, limits } = options;
  let agent = UNNAMED_AGENT;
  let proven = false;
  const limiter = createRateLimiter(limits.maxMessagesPerSecond, limits.maxMessagesPerSecond * 2);
  /** ids this connection submitted, per session, that are still undecided. */
  const mine = new SlotMap<string, string>();

  const send = (message: ConsoleMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const fail = (code: ErrorCode, message: string, id?: string) =>
    send({ type: 'error', code, message, ...(id ? { id } : {}) });

  const deliver: Deliver = (decision) => {
    mine.delete(decision.id);
    send(decision);
  };

  const pendingIn = (sessionId: string) => {
    let count = 0;
    for (const [id, session] of mine) {
      if (!registry.has(id)) mine.delete(id);
      else if (session === sessionId) count += 1;
    }
    return count;
  };

  /** Refuses a connection whose first word is not a hello that proves the token. */
  const refuseUnproven = () => {
    fail(
      'unauthorized',
      'The first message must be a hello whose proof answers this connection’s challenge; see docs/protocol.md.',
    );
    socket.close(4401, 'unauthorized');
  };

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
        if (!registry.has(message.id) && pendingIn(message.sessionId) >= limits.maxPendingPerSession) {
          fail(
            'too-many-pending',
            `Session "${message.sessionId}" already has ${limits.maxPendingPerSession} undecided requests; wait for some to be answered.`,
            message.id,
          );
          return;
        }
        const result = registry.submit(message, agent, deliver);
        if (result.kind === 'conflict') fail('id-conflict', result.message, message.id);
        else if (result.kind === 'replayed') send(result.decision);
        else mine.set(message.id, message.sessionId);
        return;
      }
      case 'permission.cancel':
        registry.decide(message.id, 'agent', { behavior: 'passthrough' });
        return;
      case 'session.event':
        registry.retire(message);
        return;
    }
  };

  socket.on('message', (data, isBinary) => {
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

  socket.on('close', () => registry.detach(deliver));
  socket.on('error', () => socket.terminate());
}

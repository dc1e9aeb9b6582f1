/** The two doors of the console's one socket: the bridge for agents, the web console's channel and pages. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NONCE_BYTES } from '../../common/bridge-proof';
import { CONSOLE_PATH } from '../../common/console-contract';
import { BRIDGE_PATH } from '../../common/protocol';
import { serveAgentConnection } from '../bridge/agent-connection';
import type { BridgeLimits } from '../bridge/limits';
import { createPendingBook } from '../bridge/pending-book';
import type { ConsoleService } from '../console/console-service';
import type { RaceRegistry } from '../registry/race-registry';
import { tokensEqual } from '../secrets/token';
import { guardBridgeUpgrade } from '../server/bridge-guard';
import { guardConsoleUpgrade } from '../server/console-guard';
import type { UpgradeRoute } from '../server/loopback-server';
import { serveConsoleChannel } from '../web/console-channel';
import type { ConsolePasses } from '../web/console-passes';
import { createStaticSite } from '../web/static-site';
import { readTelemetryToken } from '../../files/telemetry-token';
import type { TelemetryBody } from '../telemetry/agent-activity';
import { OTLP_LOGS_PATH, serveOtlpLogs } from '../telemetry/otlp-endpoint';
import { PRE_TOOL_USE_PATH, servePreToolUse } from '../telemetry/pre-tool-use-endpoint';
import type { RetryGrants } from '../rules/retry-grants';

export function bridgeRoute(options: {
  readonly registry: RaceRegistry;
  readonly limits: BridgeLimits;
  readonly consoleVersion: string;
  /** Read at each upgrade, so a rotation takes effect at once. */
  readonly token: () => string;
  readonly allowedOrigins: readonly string[];
}): UpgradeRoute {
  const book = createPendingBook(options.registry, options.limits);
  /** The proof each accepted upgrade's `hello` must carry. */
  const expected = new WeakMap<IncomingMessage, string>();
  return {
    path: BRIDGE_PATH,
    maxPayload: options.limits.maxFrameBytes,
    guard: (request, port) => {
      const verdict = guardBridgeUpgrade(request, {
        port,
        token: options.token(),
        allowedOrigins: options.allowedOrigins,
        path: BRIDGE_PATH,
        challenge: randomBytes(NONCE_BYTES).toString('base64url'),
      });
      if (!verdict.ok) return verdict;
      expected.set(request, verdict.expectedProof);
      return { ok: true, headers: verdict.headers };
    },
    onConnection: (socket, request) => {
      const expectedProof = expected.get(request);
      if (expectedProof === undefined) return socket.terminate();
      serveAgentConnection(socket, {
        registry: options.registry,
        limits: options.limits,
        consoleVersion: options.consoleVersion,
        book,
        // The token the guard has just checked; a later rotation does not move the connection's count.
        token: options.token(),
        proves: (proof) => tokensEqual(proof, expectedProof),
      });
    },
  };
}

export function webConsoleRoute(options: {
  readonly service: ConsoleService;
  readonly passes: ConsolePasses;
}): UpgradeRoute {
  return {
    path: CONSOLE_PATH,
    maxPayload: 1024 * 1024,
    guard: (request, port) => guardConsoleUpgrade(request, { port, path: CONSOLE_PATH }),
    onConnection: (socket, request) =>
      serveConsoleChannel(socket, { ...options, port: request.socket.localPort ?? 0 }),
  };
}

type HttpHandler = (request: IncomingMessage, response: ServerResponse, port: number) => void;

/**
 * Plain HTTP on the console's port: the agents' OTLP logs at `/v1/logs`, Claude Code's PreToolUse hook at its
 * path, the web console's pages elsewhere.
 */
export function consoleRequests(
  pages: HttpHandler,
  otlpLogs: HttpHandler,
  preToolUse: HttpHandler,
): HttpHandler {
  return (request, response, port) => {
    const { pathname } = new URL(request.url ?? '/', 'http://request.invalid');
    const handler =
      pathname === OTLP_LOGS_PATH ? otlpLogs : pathname === PRE_TOOL_USE_PATH ? preToolUse : pages;
    handler(request, response, port);
  };
}

/** The telemetry token's check; a token presented that is not the kept one is checked against the file once more. */
export function telemetryTokenCheck(home: string, kept: string): (presented: string) => boolean {
  let token = kept;
  return (presented) => {
    if (tokensEqual(presented, token)) return true;
    // `gatehouse install` may have written a new token since this console started (after the file was removed).
    token = readTelemetryToken(home) ?? token;
    return tokensEqual(presented, token);
  };
}

/** The agents' OTLP logs endpoint. */
export function otlpLogsRoute(options: {
  readonly accepts: (presented: string) => boolean;
  readonly ingest: (body: TelemetryBody) => Promise<void>;
}): HttpHandler {
  return serveOtlpLogs(options);
}

/** Claude Code's PreToolUse hook, answered from the one-shot retry grants, with the telemetry token. */
export function preToolUseRoute(options: {
  readonly accepts: (presented: string) => boolean;
  readonly retries: RetryGrants;
  /** History's record of a grant that let a call through (DecisionRoom's `retriedThroughHook`). */
  readonly letThrough: (refusalId: string, callId: string | undefined) => void;
}): HttpHandler {
  return servePreToolUse({
    accepts: options.accepts,
    takeGrant: (call, agent) => options.retries.take(call, { name: agent }),
    letThrough: options.letThrough,
  });
}

/** The web console's pages, or a 404 for everything when no renderer was built into this process. */
export function webConsolePages(
  rendererDir: string | undefined,
): (request: IncomingMessage, response: ServerResponse, port: number) => void {
  const site = rendererDir ? createStaticSite(rendererDir) : undefined;
  return (request, response, port) => {
    if (site) {
      void site(request, response, port);
    } else {
      response.writeHead(404, { 'X-Content-Type-Options': 'nosniff' }).end();
    }
  };
}

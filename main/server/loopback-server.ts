/**
 * The console's one listening socket: HTTP for the web console's files, and WebSocket upgrades routed by
 * path. Bound to 127.0.0.1 only. An upgrade is judged before `handleUpgrade`, so a refused peer is answered
 * with a status line and the socket destroyed before it can send a frame.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { UpgradeVerdict } from './upgrade-place';

export interface UpgradeRoute {
  readonly path: string;
  readonly guard: (request: IncomingMessage, port: number) => UpgradeVerdict;
  readonly maxPayload: number;
  readonly onConnection: (socket: WebSocket, request: IncomingMessage) => void;
}

export interface LoopbackServer {
  readonly port: number;
  readonly http: Server;
  readonly sockets: (path: string) => WebSocketServer;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
};

function refuse(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export async function listenLoopback(options: {
  readonly port: number;
  readonly routes: readonly UpgradeRoute[];
  readonly onRequest: (request: IncomingMessage, response: ServerResponse, port: number) => void;
}): Promise<LoopbackServer> {
  const servers = new Map(
    options.routes.map((route) => [
      route.path,
      { route, wss: new WebSocketServer({ noServer: true, maxPayload: route.maxPayload }) },
    ]),
  );
  /** What each accepted upgrade's verdict adds to its `101`. */
  const answers = new WeakMap<IncomingMessage, readonly string[]>();
  for (const { route, wss } of servers.values()) {
    wss.on('connection', (socket, request) => route.onConnection(socket, request));
    wss.on('headers', (headers, request) => headers.push(...(answers.get(request) ?? [])));
  }

  let port = options.port;
  const http = createServer((request, response) => options.onRequest(request, response, port));
  http.headersTimeout = 10_000;
  http.requestTimeout = 30_000;

  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = new URL(request.url ?? '/', 'http://upgrade.invalid').pathname;
    const entry = servers.get(pathname);
    if (!entry) return refuse(socket, 404, 'No WebSocket endpoint at that path.');
    const verdict = entry.route.guard(request, port);
    if (!verdict.ok) return refuse(socket, verdict.status, verdict.reason);
    if (verdict.headers) answers.set(request, verdict.headers);
    entry.wss.handleUpgrade(request, socket, head, (ws) => entry.wss.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address();
  if (address === null || typeof address === 'string')
    throw new Error('The console socket has no TCP address.');
  port = address.port;

  return {
    port,
    http,
    sockets: (path) => {
      const entry = servers.get(path);
      if (!entry) throw new Error(`No WebSocket route at ${path}.`);
      return entry.wss;
    },
    async close() {
      for (const { wss } of servers.values()) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * An OTLP/HTTP logs collector on 127.0.0.1 for tests: it decodes every body it gets with the console's own
 * decoding (main/telemetry/otlp-logs.ts, the OpenTelemetry project's definitions), JSON or protobuf, and
 * keeps each request's headers. `hold` makes it take requests and never answer: a collector that hangs.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeLogs } from '../../main/telemetry/otlp-logs';
import type { LogRecord } from '../../main/telemetry/otlp-logs';

export interface OtlpReceiver {
  readonly url: string;
  readonly records: LogRecord[];
  readonly headers: IncomingHttpHeaders[];
  /** Resolves once at least `count` records (or, with `requests`, requests) have arrived. */
  received(count: number, what?: 'records' | 'requests'): Promise<void>;
  close(): Promise<void>;
}

export async function startOtlpReceiver(options: { readonly hold?: boolean } = {}): Promise<OtlpReceiver> {
  const records: LogRecord[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const waiters = new Set<() => void>();
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      headers.push(request.headers);
      const json = (request.headers['content-type'] ?? '').startsWith('application/json');
      records.push(...decodeLogs(Buffer.concat(chunks), json ? 'json' : 'protobuf'));
      for (const wake of [...waiters]) wake();
      if (options.hold) return void held.push(response);
      response.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      response.end(json ? '{}' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/logs`,
    records,
    headers,
    received: (count, what = 'records') =>
      new Promise((resolve) => {
        const check = () => {
          if ((what === 'records' ? records.length : headers.length) < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

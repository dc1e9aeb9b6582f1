/**
 * `POST /v1/logs` on the console's loopback port: the OTLP/HTTP logs endpoint the agents' own telemetry is
 * pointed at (docs/security.md, "The telemetry endpoint"). Only an exporter of this person's may write: the
 * request must come to this very loopback port, carry the telemetry token in `x-gatehouse-telemetry`, and
 * come from no browser page (an `Origin` header). The body is bounded, inflated within the same bound when
 * gzipped, and decoded whole before anything is kept (agent-activity.ts), so a bad body leaves nothing
 * behind.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { TELEMETRY_HEADER } from '../../files/telemetry-token';
import { isLoopbackHost } from '../server/upgrade-place';
import { BadTelemetryBody } from './agent-activity';
import type { TelemetryBody } from './agent-activity';
import type { LogsEncoding } from './otlp-logs';

export const OTLP_LOGS_PATH = '/v1/logs';
/** An agent exports a few KB each interval; 4 MiB, before or after gzip, is far past any real batch. */
export const MAX_OTLP_BODY_BYTES = 4 * 1024 * 1024;

const inflate = promisify(gunzip);

export interface OtlpEndpointOptions {
  /** Whether the presented token is this console's telemetry token. */
  readonly accepts: (token: string) => boolean;
  /**
   * Receives each accepted body, inflated, to decode and keep (agent-activity.ts); the exporter is answered
   * once what it returns has settled, so a 200 means the body is kept, and a `BadTelemetryBody` is a 400.
   */
  readonly ingest: (body: TelemetryBody) => Promise<void>;
  readonly maxBodyBytes?: number;
  readonly now?: () => number;
}

export type OtlpVerdict =
  | { readonly ok: true; readonly encoding: LogsEncoding; readonly gzip: boolean }
  | { readonly ok: false; readonly status: 401 | 403 | 405 | 413 | 415; readonly reason: string };

/** Everything about a request that can be judged before its body is read. */
export function judgeOtlpRequest(
  request: Pick<IncomingMessage, 'method' | 'headers'>,
  port: number,
  accepts: (token: string) => boolean,
  maxBodyBytes: number = MAX_OTLP_BODY_BYTES,
): OtlpVerdict {
  const { headers } = request;
  if (!isLoopbackHost(headers.host, port))
    return {
      ok: false,
      status: 403,
      reason: 'The Host header must be 127.0.0.1 or localhost with this port.',
    };
  if (headers.origin !== undefined)
    return { ok: false, status: 403, reason: 'Browser pages may not send telemetry to the console.' };
  if (request.method !== 'POST')
    return { ok: false, status: 405, reason: 'The OTLP logs endpoint takes POST only.' };
  const token = headers[TELEMETRY_HEADER];
  if (typeof token !== 'string' || !accepts(token))
    return {
      ok: false,
      status: 401,
      reason: `The ${TELEMETRY_HEADER} header is missing or wrong: run "gatehouse install claude" or "gatehouse install codex" again to configure the agent.`,
    };
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const encoding: LogsEncoding | undefined =
    type === 'application/x-protobuf' ? 'protobuf' : type === 'application/json' ? 'json' : undefined;
  if (encoding === undefined)
    return {
      ok: false,
      status: 415,
      reason: 'The body must be application/x-protobuf or application/json (OTLP/HTTP logs).',
    };
  const contentEncoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  if (contentEncoding !== 'gzip' && contentEncoding !== 'identity')
    return { ok: false, status: 415, reason: 'The body may be gzipped or plain, nothing else.' };
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && length > maxBodyBytes) return tooLarge(maxBodyBytes);
  return { ok: true, encoding, gzip: contentEncoding === 'gzip' };
}

/** Serves one request to `OTLP_LOGS_PATH`. */
export function serveOtlpLogs(
  options: OtlpEndpointOptions,
): (request: IncomingMessage, response: ServerResponse, port: number) => void {
  const max = options.maxBodyBytes ?? MAX_OTLP_BODY_BYTES;
  return (request, response, port) => {
    const verdict = judgeOtlpRequest(request, port, options.accepts, max);
    if (!verdict.ok) {
      // Unread, the body would hold the connection; the client is told and the connection closed.
      response.setHeader('Connection', 'close');
      return status(response, verdict.status, verdict.reason);
    }
    void readBounded(request, max).then(
      async (raw) => {
        if (raw === undefined) {
          response.setHeader('Connection', 'close');
          return status(response, 413, tooLarge(max).reason);
        }
        let bytes: Buffer;
        try {
          bytes = verdict.gzip ? await inflateBounded(raw, max) : raw;
        } catch (error) {
          return status(response, (error as { status?: number }).status ?? 400, (error as Error).message);
        }
        try {
          await options.ingest({
            bytes,
            encoding: verdict.encoding,
            receivedAt: (options.now ?? Date.now)(),
          });
        } catch (error) {
          if (error instanceof BadTelemetryBody) return status(response, 400, error.message);
          // OTLP's retryable status: the exporter may send the batch again, which is kept whole or not at all.
          return status(
            response,
            503,
            `The console could not keep these records: ${(error as Error).message}`,
          );
        }
        // An ExportLogsServiceResponse with no partial failure: `{}` in JSON, no bytes at all in protobuf.
        const json = verdict.encoding === 'json';
        response
          .writeHead(200, {
            'Content-Type': json ? 'application/json' : 'application/x-protobuf',
            'X-Content-Type-Options': 'nosniff',
          })
          .end(json ? '{}' : undefined);
      },
      () => response.destroy(),
    );
  };
}

function tooLarge(max: number): Extract<OtlpVerdict, { ok: false }> {
  return {
    ok: false,
    status: 413,
    reason: `The body is larger than ${max} bytes: export smaller batches (OTEL_BLRP_MAX_EXPORT_BATCH_SIZE).`,
  };
}

/** The whole body, or undefined as soon as it passes `max` bytes. */
function readBounded(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        request.removeAllListeners('data');
        request.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function inflateBounded(raw: Buffer, max: number): Promise<Buffer> {
  try {
    return await inflate(raw, { maxOutputLength: max });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw Object.assign(new Error(tooLarge(max).reason), { status: 413 });
    throw new Error('The body says it is gzipped but does not inflate.', { cause: error });
  }
}

/**
 * An OTLP failure: the status and a google.rpc.Status in JSON (`code` 3, INVALID_ARGUMENT; 16,
 * UNAUTHENTICATED; 14, UNAVAILABLE), whose `message` is the one sentence an exporter logs.
 */
function status(response: ServerResponse, code: number, message: string): void {
  response
    .writeHead(code, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' })
    .end(JSON.stringify({ code: code === 401 ? 16 : code === 503 ? 14 : 3, message }));
}

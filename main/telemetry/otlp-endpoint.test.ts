import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { TELEMETRY_HEADER } from '../../files/telemetry-token';
import { judgeOtlpRequest, serveOtlpLogs } from './otlp-endpoint';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

const TOKEN = 't'.repeat(43);
const accepts = (token: string) => token === TOKEN;

describe('the OTLP logs endpoint', () => {
  it('answers 503, retryable, when history cannot keep a body', async () => {
    const serve = serveOtlpLogs({
      accepts,
      ingest: () => {
        throw new Error('database is locked');
      },
    });
    server = createServer((req, res) => serve(req, res, (server?.address() as { port: number }).port));
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/logs',
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf', [TELEMETRY_HEADER]: TOKEN },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(readFileSync('tests/fixtures/otlp/codex-0.169.0-result.pb'));
    });
    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.body)).toEqual({
      code: 14,
      message: 'The console could not keep these records: database is locked',
    });
  });

  it('judges a request before reading its body: place, origin, method, token, type, size', () => {
    const headers = {
      host: '127.0.0.1:4000',
      'content-type': 'application/json; charset=utf-8',
      [TELEMETRY_HEADER]: TOKEN,
    };
    expect(judgeOtlpRequest({ method: 'POST', headers }, 4000, accepts)).toEqual({
      ok: true,
      encoding: 'json',
      gzip: false,
    });
    expect(judgeOtlpRequest({ method: 'POST', headers }, 4001, accepts)).toMatchObject({ status: 403 });
    expect(judgeOtlpRequest({ method: 'GET', headers }, 4000, accepts)).toMatchObject({ status: 405 });
    expect(
      judgeOtlpRequest({ method: 'POST', headers: { ...headers, 'content-encoding': 'br' } }, 4000, accepts),
    ).toMatchObject({ status: 415 });
    expect(
      judgeOtlpRequest(
        { method: 'POST', headers: { ...headers, 'content-length': '9999' } },
        4000,
        accepts,
        100,
      ),
    ).toMatchObject({ status: 413 });
  });
});

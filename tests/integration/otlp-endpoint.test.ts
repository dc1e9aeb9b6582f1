/**
 * The OTLP logs endpoint on a running console core: what an agent's exporter with the token gets through,
 * and each refusal docs/security.md promises ("The telemetry endpoint").
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  loadOrCreateTelemetryToken,
  readTelemetryToken,
  TELEMETRY_HEADER,
  TELEMETRY_TOKEN_FILE,
} from '../../files/telemetry-token';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';
import type { ConsoleCore } from '../../main/core/console-core';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { MAX_OTLP_BODY_BYTES } from '../../main/telemetry/otlp-endpoint';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;
let token: string;
let received: (readonly AgentToolEvent[])[];

beforeEach(async () => {
  dir = await makeTempDir();
  core = await startTestCore({ home: dir.path, port: 0, timeoutMs: 60_000, timeoutAction: 'passthrough' });
  token = readTelemetryToken(dir.path) ?? '';
  received = [];
  core.agentEvents.subscribe((events) => received.push(events));
});
afterEach(async () => {
  await core.close();
  await dir.remove();
});

const fixture = (name: string) => readFileSync(`tests/fixtures/otlp/${name}`);

interface Reply {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: string;
}

function post(
  body: Uint8Array | string,
  headers: Record<string, string>,
  path = '/v1/logs',
  method = 'POST',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: core.port,
        path,
        method,
        headers: { host: `127.0.0.1:${core.port}`, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: text }),
        );
      },
    );
    // A refused upload may be cut off before it is all sent.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(body);
  });
}

const protobuf = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/x-protobuf',
  [TELEMETRY_HEADER]: token,
  ...extra,
});

describe('the OTLP logs endpoint', () => {
  it('takes Claude Code’s protobuf with the token: an empty OTLP response, and its tool events in one emit', async () => {
    const reply = await post(fixture('claude-2.1.328-refused-by-hook.pb'), protobuf());
    expect(reply).toEqual({ status: 200, type: 'application/x-protobuf', body: '' });
    expect(received).toHaveLength(1);
    expect(received[0]?.map((event) => [event.kind, event.callId])).toEqual([
      ['decision', 'toolu_5'],
      ['decision', 'toolu_7'],
      ['result', 'toolu_7'],
    ]);
  });

  it('takes a gzipped body, and JSON', async () => {
    expect(
      (await post(gzipSync(fixture('codex-0.169.0-decision.pb')), protobuf({ 'content-encoding': 'gzip' })))
        .status,
    ).toBe(200);
    const json = await post(fixture('claude-2.1.328.json'), {
      'content-type': 'application/json',
      [TELEMETRY_HEADER]: token,
    });
    expect(json).toEqual({ status: 200, type: 'application/json', body: '{}' });
    expect(received.map((events) => events[0]?.agent)).toEqual(['codex', 'claude']);
  });

  it('takes what the OpenTelemetry JS SDK’s OTLP/HTTP exporter sends, with the token as its header', async () => {
    const provider = new LoggerProvider({
      resource: resourceFromAttributes({ 'service.name': 'claude-code' }),
      processors: [
        new BatchLogRecordProcessor(
          new OTLPLogExporter({
            url: `http://127.0.0.1:${core.port}/v1/logs`,
            headers: { [TELEMETRY_HEADER]: token },
          }),
        ),
      ],
    });
    provider.getLogger('com.anthropic.claude_code.events').emit({
      severityNumber: SeverityNumber.INFO,
      body: 'claude_code.tool_decision',
      attributes: {
        'event.name': 'tool_decision',
        'session.id': 's-1',
        'event.sequence': 3,
        tool_name: 'Read',
        tool_use_id: 'toolu_9',
        decision: 'accept',
        source: 'config',
      },
    });
    await provider.forceFlush();
    await provider.shutdown();
    expect(received).toEqual([
      [expect.objectContaining({ sessionId: 's-1', callId: 'toolu_9', source: 'config', sequence: 3 })],
    ]);
  });

  it('refuses a request without the token, or with another, and keeps nothing', async () => {
    const body = fixture('claude-2.1.328-refused-by-hook.pb');
    for (const headers of [
      { 'content-type': 'application/x-protobuf' },
      protobuf({ [TELEMETRY_HEADER]: 'x'.repeat(43) }),
    ]) {
      const reply = await post(body, headers);
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body)).toEqual({
        code: 16,
        message: expect.stringContaining('gatehouse install'),
      });
    }
    expect(received).toEqual([]);
  });

  it('refuses a browser page even with the token, and a Host that is not this loopback port', async () => {
    const body = fixture('claude-2.1.328-refused-by-hook.pb');
    expect((await post(body, protobuf({ origin: 'https://evil.example' }))).status).toBe(403);
    expect((await post(body, protobuf({ origin: `http://127.0.0.1:${core.port}` }))).status).toBe(403);
    expect((await post(body, protobuf({ host: 'attacker.example' }))).status).toBe(403);
    expect(received).toEqual([]);
  });

  it('refuses a malformed body with an OTLP 400 and one sentence, keeping nothing of it', async () => {
    const good = fixture('claude-2.1.328-refused-by-hook.pb');
    // A valid body cut short: its first records decode, the last does not.
    const reply = await post(good.subarray(0, good.length - 7), protobuf());
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual({
      code: 3,
      message: expect.stringMatching(
        /^The body is not an OTLP ExportLogsServiceRequest in protobuf \(.+\)\.$/,
      ),
    });
    const json = await post('{"resourceLogs":', {
      'content-type': 'application/json',
      [TELEMETRY_HEADER]: token,
    });
    expect(json.status).toBe(400);
    expect((await post('not gzip', protobuf({ 'content-encoding': 'gzip' }))).body).toContain(
      'does not inflate',
    );
    expect(received).toEqual([]);
  });

  it('refuses a body over the bound, declared or not, and one that inflates past it', async () => {
    const big = Buffer.alloc(MAX_OTLP_BODY_BYTES + 1);
    expect((await post(big, protobuf())).status).toBe(413);
    expect((await post(big, protobuf({ 'transfer-encoding': 'chunked' }))).status).toBe(413);
    const bomb = gzipSync(Buffer.alloc(MAX_OTLP_BODY_BYTES + 1));
    const reply = await post(bomb, protobuf({ 'content-encoding': 'gzip' }));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).message).toMatch(/larger than/);
    expect(received).toEqual([]);
  });

  it('stays at the same address with the same token across a restart on the remembered port', async () => {
    await core.close();
    core = await startTestCore({
      home: dir.path,
      port: 'remembered',
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    const port = core.port;
    await core.close();
    core = await startTestCore({
      home: dir.path,
      port: 'remembered',
      timeoutMs: 60_000,
      timeoutAction: 'passthrough',
    });
    core.agentEvents.subscribe((events) => received.push(events));
    expect(core.port).toBe(port);
    expect(readTelemetryToken(dir.path)).toBe(token);
    expect((await post(fixture('codex-0.169.0-result.pb'), protobuf())).status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('takes a token the installer wrote after the file was removed while the console ran', async () => {
    await rm(join(dir.path, TELEMETRY_TOKEN_FILE));
    const fresh = await loadOrCreateTelemetryToken(dir.path);
    expect(fresh).not.toBe(token);
    expect(
      (await post(fixture('codex-0.169.0-result.pb'), protobuf({ [TELEMETRY_HEADER]: fresh }))).status,
    ).toBe(200);
  });

  it('refuses another method, and a body that is neither protobuf nor JSON', async () => {
    expect((await post('', protobuf(), '/v1/logs', 'PUT')).status).toBe(405);
    expect((await post('x', protobuf({ 'content-type': 'text/plain' }))).status).toBe(415);
  });
});

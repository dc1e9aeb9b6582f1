/**
 * The agents' own record of their calls through a running console: what the pinned binaries sent, posted
 * to `/v1/logs` as they sent it, read back by the history browser's `history:activity` handlers.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTelemetryToken, TELEMETRY_HEADER } from '../../files/telemetry-token';
import type { HistoryChanged } from '../../common/history-contract';
import type { ConsoleCore } from '../../main/core/console-core';
import { sampleRequest } from '../../main/history/testing/sample';
import type { ResolvedEvent } from '../../main/registry/race-registry';
import { agentToolEvents } from '../../main/telemetry/agent-events';
import { decodeLogs } from '../../main/telemetry/otlp-logs';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let core: ConsoleCore;

beforeEach(async () => {
  dir = await makeTempDir();
  core = await startTestCore({ home: dir.path, port: 0, timeoutMs: 60_000, timeoutAction: 'passthrough' });
});
afterEach(async () => {
  await core.close();
  await dir.remove();
});

function post(name: string): Promise<number> {
  const body = readFileSync(`tests/fixtures/otlp/${name}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: core.port,
        path: '/v1/logs',
        method: 'POST',
        headers: {
          'content-type': 'application/x-protobuf',
          [TELEMETRY_HEADER]: readTelemetryToken(dir.path) ?? '',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const caller = { id: 'test', channel: 'web' } as const;
async function sessions() {
  const page = await core.service.handlers['history:activity-sessions']({ limit: 10 }, caller);
  if (!page.ok) throw new Error(page.error.message);
  return page.value.sessions;
}
async function calls(sessionId: string, limit = 10, after?: number) {
  const page = await core.service.handlers['history:activity'](
    { sessionId, limit, ...(after === undefined ? {} : { after }) },
    caller,
  );
  if (!page.ok) throw new Error(page.error.message);
  return page.value;
}

describe('the agents’ record of their calls, through the console', () => {
  it('keeps what Claude Code 2.1.328 sent: a rule’s call, one the hook refused, one that failed', async () => {
    expect(await post('claude-2.1.328-allowed-by-rule.pb')).toBe(200);
    expect(await post('claude-2.1.328-refused-by-hook.pb')).toBe(200);
    const [session] = await sessions();
    expect(session).toMatchObject({ agent: 'claude', calls: 3 });
    const page = await calls(session!.sessionId);
    expect(
      page.calls.map((call) => [call.callId, call.source, call.allowed, call.success, call.summary]),
    ).toEqual([
      ['toolu_1', 'user_permanent', true, true, 'touch ruled.txt'],
      ['toolu_5', 'hook', false, undefined, 'touch deny.txt'],
      ['toolu_7', 'config', true, false, 'false'],
    ]);
    expect(page.calls[2]).toMatchObject({ error: 'ShellError', durationMs: 22, permissionMode: 'default' });
    expect(await calls(session!.sessionId, 2)).toMatchObject({ next: 2 });
    expect((await calls(session!.sessionId, 2, 2)).calls.map((call) => call.callId)).toEqual(['toolu_7']);
  });

  it('says the activity record changed, and not the requests, when only the agents’ calls arrived', async () => {
    const changes: HistoryChanged[] = [];
    const off = core.service.subscribe(
      (channel, payload) => channel === 'history:changed' && changes.push(payload as HistoryChanged),
    );
    expect(await post('claude-2.1.328-allowed-by-rule.pb')).toBe(200);
    off();
    expect(changes).toEqual([expect.objectContaining({ requests: false, activity: true })]);
  });

  it('keeps Codex 0.169.0’s shell call as Bash with its command, decision and result in one row', async () => {
    expect(await post('codex-0.169.0-decision.pb')).toBe(200);
    expect(await post('codex-0.169.0-result.pb')).toBe(200);
    const [session] = await sessions();
    expect(session).toMatchObject({ agent: 'codex', calls: 1 });
    expect((await calls(session!.sessionId)).calls).toEqual([
      expect.objectContaining({
        tool: 'Bash',
        summary: 'touch codex.txt',
        source: 'Config',
        allowed: true,
        success: true,
        durationMs: 707,
      }),
    ]);
  });
});

describe('a card the agent’s own telemetry retires', () => {
  it('is answered in the terminal once the call’s tool_result arrives, as PostToolUse would say', async () => {
    const fixture = 'claude-2.1.328-allowed-by-rule.pb';
    const [decision] = agentToolEvents(
      decodeLogs(readFileSync(`tests/fixtures/otlp/${fixture}`), 'protobuf'),
      0,
    );
    // The card Gatehouse showed for the same call, still up when the person answered in Claude Code's dialog.
    const request = sampleRequest({
      id: 'asked',
      sessionId: decision!.sessionId,
      input: { command: 'touch ruled.txt', description: 'Make ruled.txt' },
    });
    const other = sampleRequest({ id: 'other', sessionId: decision!.sessionId });
    for (const each of [request, other]) core.registry.submit(each, { name: 'claude-code' }, () => {});
    const resolved = new Promise<ResolvedEvent>((resolve) => core.registry.resolved.subscribe(resolve));
    expect(await post(fixture)).toBe(200);
    expect(await resolved).toMatchObject({
      id: 'asked',
      behavior: 'passthrough',
      by: 'agent',
      message: 'answered in the terminal',
    });
    expect(core.registry.pending().map((card) => card.id)).toEqual(['other']);
  });
});

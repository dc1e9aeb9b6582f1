/**
 * What became of an overturned refusal's one-shot retry grant, in the history file a running console keeps:
 * used by Claude Code's PreToolUse http hook (with when, and the call it let through, which the activity
 * view finds from the agent's own telemetry), or ended unused when the console stopped first.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectBridge } from '../../client/sdk/bridge-client';
import type { PermissionRequest } from '../../common/protocol';
import { REFUSAL_PROVENANCE } from '../../common/classifier-refusal';
import type { HistoryEntryView } from '../../common/history-contract';
import { createSqliteHistory, HISTORY_FILE } from '../../main/history';
import type { ConsoleCore } from '../../main/core/console-core';
import { PRE_TOOL_USE_PATH, readTelemetryToken, TELEMETRY_HEADER } from '../../files/telemetry-token';
import { RETRY_GRANT_TTL_MS } from '../../main/rules/retry-grants';
import { claudeToolDecisionJson } from '../support/claude-telemetry';
import { startTestCore } from '../support/test-core';
import { makeTempDir } from '../support/temp-dir';

const caller = { id: 'test', channel: 'web' } as const;
const SESSION = 'retry-session-1';
const CWD = '/work/project';
const INPUT = { command: 'git push --force origin main', description: 'Publish the branch' };

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let home: string;
let core: ConsoleCore | undefined;

beforeEach(async () => {
  dir = await makeTempDir();
  home = join(dir.path, 'gh');
  await mkdir(home, { recursive: true });
  core = await startTestCore({
    home,
    userHome: join(dir.path, 'user'),
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
  });
});

afterEach(async () => {
  await core?.close();
  core = undefined;
  await dir.remove();
});

/** Claude Code's PermissionDenied hook's request, allowed at the console as "Allow and let it retry". */
async function overturnRefusal(c: ConsoleCore): Promise<void> {
  const token = JSON.parse(await readFile(c.discoveryPath, 'utf8')).token;
  const agent = await connectBridge(
    { url: `ws://127.0.0.1:${c.port}/bridge`, token, source: 'environment' },
    { agent: { name: 'claude-code', version: '2.1.328' } },
  );
  const refusal: Omit<PermissionRequest, 'type'> = {
    id: 'refusal-1',
    sessionId: SESSION,
    cwd: CWD,
    tool: 'Bash',
    input: INPUT,
    mode: 'auto',
    provenance: { type: REFUSAL_PROVENANCE, source: 'classifier', message: 'Rewrites shared history.' },
  };
  const asked = new Promise<void>((resolve) => {
    const stop = c.registry.added.subscribe(() => {
      stop();
      resolve();
    });
  });
  const answer = agent.requestPermission(refusal);
  await asked;
  await c.service.handlers['queue:decide']({ id: 'refusal-1', behavior: 'allow' }, caller);
  expect(await answer).toMatchObject({ behavior: 'allow' });
  agent.close();
}

async function refusalEntry(c: ConsoleCore): Promise<HistoryEntryView | undefined> {
  const page = await c.service.handlers['history:requests'](
    { filter: { sessionId: SESSION }, limit: 10 },
    caller,
  );
  return page.ok ? page.value.entries.find((entry) => entry.request.id === 'refusal-1') : undefined;
}

function post(c: ConsoleCore, path: string, body: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${c.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TELEMETRY_HEADER]: readTelemetryToken(home)! },
    body,
  });
}

describe('an overturned refusal’s retry grant in history', () => {
  it('records when the PreToolUse hook let the retried call through, and the activity row names the refusal', async () => {
    const c = core!;
    const before = Date.now();
    await overturnRefusal(c);
    const granted = await refusalEntry(c);
    expect(granted?.decision?.retry?.usedAt).toBeUndefined();
    expect(granted?.decision?.retry?.until).toBeGreaterThanOrEqual(before + RETRY_GRANT_TTL_MS);

    const hook = await post(
      c,
      PRE_TOOL_USE_PATH,
      JSON.stringify({
        session_id: SESSION,
        transcript_path: '/tmp/transcript.jsonl',
        cwd: CWD,
        permission_mode: 'auto',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: INPUT,
        tool_use_id: 'toolu_retried',
      }),
    );
    expect(await hook.json()).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    const used = (await refusalEntry(c))?.decision?.retry;
    expect(used).toMatchObject({ usedBy: 'hook', callId: 'toolu_retried' });
    expect(used?.usedAt).toBeGreaterThanOrEqual(before);
    expect(used?.usedAt).toBeLessThanOrEqual(Date.now());

    // Claude Code's own record of the retried call says only `source: hook`; history knows whose it was.
    const exported = await post(
      c,
      '/v1/logs',
      claudeToolDecisionJson({
        sessionId: SESSION,
        callId: 'toolu_retried',
        tool: 'Bash',
        source: 'hook',
        decision: 'accept',
        sequence: 12,
        at: Date.now(),
      }),
    );
    expect(exported.status).toBe(200);
    const calls = await c.service.handlers['history:activity']({ sessionId: SESSION, limit: 10 }, caller);
    expect(calls.ok && calls.value.calls).toEqual([
      expect.objectContaining({ callId: 'toolu_retried', source: 'hook', retryOf: 'refusal-1' }),
    ]);
  });

  it('ends an unused grant when the console stops, and says so in the history file', async () => {
    await overturnRefusal(core!);
    await core!.close();
    const stopped = Date.now();
    core = undefined;
    const history = createSqliteHistory(join(home, HISTORY_FILE));
    try {
      const retry = history.sessionTimeline(SESSION)[0]?.decision?.retry;
      expect(retry?.usedAt).toBeUndefined();
      expect(retry?.until).toBeLessThanOrEqual(stopped);
    } finally {
      history.close();
    }
  });
});

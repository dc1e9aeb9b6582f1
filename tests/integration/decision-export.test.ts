/**
 * Gatehouse's decisions exported to the person's OpenTelemetry collector (docs/console.md, "Say who
 * decided"; docs/security.md, "What leaves the machine"): a real decision through the bridge reaches a
 * local OTLP/HTTP collector, decoded with the OpenTelemetry project's definitions; a Claude Code decision
 * carries the agent's own `tool_use_id` once its telemetry arrives, so it joins that `tool_decision`; off
 * by default nothing is sent; a collector that hangs delays no decision and costs one warning.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../client/sdk/index';
import type { PermissionCall } from '../../client/sdk/index';
import { DECISION_EVENT_NAME } from '../../common/export-contract';
import { readTelemetryToken, TELEMETRY_HEADER } from '../../files/telemetry-token';
import type { ConsoleCore } from '../../main/core/console-core';
import { decodeLogs } from '../../main/telemetry/otlp-logs';
import { startOtlpReceiver } from '../support/otlp-receiver';
import type { OtlpReceiver } from '../support/otlp-receiver';
import { makeTempDir } from '../support/temp-dir';
import { startTestCore } from '../support/test-core';

/** Quick retries, so a test waits on events, not on the default backoff. */
const FAST = { initialDelayMs: 5, maxDelayMs: 40, factor: 2, jitter: 0 };

let home: Awaited<ReturnType<typeof makeTempDir>>;
let ghHome: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(async () => {
  home = await makeTempDir();
  ghHome = join(home.path, 'gh');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await home.remove();
});

async function receiver(options: { readonly hold?: boolean } = {}): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver(options);
  cleanups.push(() => started.close());
  return started;
}

async function startCore(
  decisionExport: Record<string, unknown> | undefined,
  tuning: Parameters<typeof startTestCore>[0]['exportTuning'] = { batchDelayMs: 20 },
): Promise<ConsoleCore> {
  await mkdir(ghHome, { recursive: true, mode: 0o700 });
  if (decisionExport) await writeFile(join(ghHome, 'settings.json'), JSON.stringify({ decisionExport }));
  const core = await startTestCore({
    home: ghHome,
    port: 0,
    timeoutMs: 60_000,
    timeoutAction: 'passthrough',
    userHome: join(home.path, 'user'),
    exportTuning: tuning,
  });
  cleanups.push(() => core.close());
  return core;
}

async function agent(name: string) {
  const client = await connect({ agent: { name }, env: { GATEHOUSE_HOME: ghHome }, reconnect: FAST });
  cleanups.push(() => client.close());
  return client;
}

const call = (id: string, overrides: Partial<PermissionCall> = {}): PermissionCall => ({
  id,
  sessionId: 'sess-1',
  cwd: '/work/project',
  tool: 'Bash',
  input: { command: 'npm publish' },
  ...overrides,
});

/** The console answers once the request is on the registry, as a person at a card does. */
function answerWhenShown(core: ConsoleCore, id: string, behavior: 'allow' | 'deny', extra = {}): void {
  const stop = core.registry.added.subscribe((view) => {
    if (view.id !== id) return;
    stop();
    core.registry.decide(id, 'console', { behavior, ...extra });
  });
}

function postTelemetry(core: ConsoleCore, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: core.port,
        path: '/v1/logs',
        method: 'POST',
        headers: {
          'content-type': 'application/x-protobuf',
          [TELEMETRY_HEADER]: readTelemetryToken(ghHome) ?? '',
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

describe('the export of Gatehouse’s decisions', () => {
  it('sends a real decision to the collector: who won, the person, the latency and the rule written', async () => {
    const collector = await receiver();
    const core = await startCore({ enabled: true, endpoint: collector.url });
    const client = await agent('sdk-test');
    answerWhenShown(core, 'r1', 'allow', {
      updatedPermissions: [
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'npm publish' }],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
    });
    expect((await client.requestPermission(call('r1'))).behavior).toBe('allow');
    await collector.received(1);
    const [record] = collector.records;
    expect(record?.body).toBe(DECISION_EVENT_NAME);
    expect(record?.resource).toMatchObject({ 'service.name': 'gatehouse' });
    expect(record?.attributes).toEqual({
      'event.name': DECISION_EVENT_NAME,
      'session.id': 'sess-1',
      tool_name: 'Bash',
      decision: 'allow',
      'gatehouse.request.id': 'r1',
      'gatehouse.request.summary': 'npm publish',
      'gatehouse.agent': 'sdk-test',
      'gatehouse.decided_by': 'console',
      'gatehouse.latency_ms': expect.any(Number),
      'user.name': userInfo().username,
      'gatehouse.rules_written': ['allow Bash(npm publish) in localSettings'],
    });
    expect(collector.headers[0]?.['content-type']).toBe('application/json');
  });

  it('keys a Claude Code decision by the tool_use_id of the agent’s own tool_decision, so the two join', async () => {
    const fixture = readFileSync('tests/fixtures/otlp/claude-2.1.328-refused-by-hook.pb');
    const agentsOwn = decodeLogs(fixture, 'protobuf').find(
      (record) => record.attributes['event.name'] === 'tool_decision' && record.attributes.source === 'hook',
    )!;
    const collector = await receiver();
    const core = await startCore({ enabled: true, endpoint: collector.url });
    const client = await agent('claude-code');
    answerWhenShown(core, 'hook-req', 'deny');
    // The question as Claude Code's PermissionRequest hook asks it: the session, the tool and its input.
    const decided = await client.requestPermission(
      call('hook-req', {
        sessionId: String(agentsOwn.attributes['session.id']),
        input: { command: 'touch deny.txt', description: 'deny me' },
      }),
    );
    expect(decided.behavior).toBe('deny');
    // Then the agent's own telemetry, as it arrived from the pinned binary.
    expect(await postTelemetry(core, fixture)).toBe(200);
    await collector.received(1);
    const [ours] = collector.records;
    expect(ours?.attributes).toMatchObject({
      'session.id': agentsOwn.attributes['session.id'],
      tool_use_id: agentsOwn.attributes.tool_use_id,
      decision: 'deny',
      'gatehouse.decided_by': 'console',
    });
    // What a collector's join on the two keys finds: the agent's `source: "hook"`, and who that hook was.
    const joined = decodeLogs(fixture, 'protobuf').filter(
      (record) =>
        record.attributes['event.name'] === 'tool_decision' &&
        record.attributes['session.id'] === ours?.attributes['session.id'] &&
        record.attributes.tool_use_id === ours?.attributes.tool_use_id,
    );
    expect(joined.map((record) => record.attributes.source)).toEqual(['hook']);
  });

  it('is off by default: a decision, even with a collector named in settings, sends nothing', async () => {
    const collector = await receiver();
    const core = await startCore({ endpoint: collector.url });
    const client = await agent('sdk-test');
    answerWhenShown(core, 'r1', 'deny');
    expect((await client.requestPermission(call('r1'))).behavior).toBe('deny');
    await core.decisionExport.exporter.flush();
    expect(collector.headers).toEqual([]);
  });

  it('sends only its own headers: none of the console’s OTEL_EXPORTER_OTLP_* environment', async () => {
    const collector = await receiver();
    vi.stubEnv('OTEL_EXPORTER_OTLP_HEADERS', 'x-other-collector=its-secret');
    cleanups.push(() => vi.unstubAllEnvs());
    const core = await startCore({ enabled: true, endpoint: collector.url });
    const client = await agent('sdk-test');
    answerWhenShown(core, 'r1', 'allow');
    await client.requestPermission(call('r1'));
    await collector.received(1);
    expect(collector.headers[0]).not.toHaveProperty('x-other-collector');
  });

  it('a collector that hangs holds up no decision, and costs one warning', async () => {
    const collector = await receiver({ hold: true });
    const core = await startCore(
      { enabled: true, endpoint: collector.url },
      { batchDelayMs: 20, exportTimeoutMs: 500 },
    );
    const client = await agent('sdk-test');
    answerWhenShown(core, 'r1', 'allow');
    await client.requestPermission(call('r1'));
    await collector.received(1, 'requests');
    // The collector now holds the first export unanswered; the next decisions go through regardless.
    for (const id of ['r2', 'r3']) {
      answerWhenShown(core, id, 'allow');
      expect((await client.requestPermission(call(id, { input: { command: `echo ${id}` } }))).behavior).toBe(
        'allow',
      );
    }
    await vi.waitFor(() => expect(core.warnings.map((warning) => warning.code)).toContain('export-failed'), {
      timeout: 30_000,
      interval: 50,
    });
    await core.decisionExport.exporter.flush().catch(() => undefined);
    expect(core.warnings.filter((warning) => warning.code === 'export-failed')).toHaveLength(1);
  });
});

/**
 * The built activity worker (out/cli/activity-worker.mjs), as the app and `gatehouse serve` start it: the
 * agents' telemetry decoded and kept on its own thread, read back through it, a bad body refused there, and
 * a worker that cannot open its file or has stopped saying so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_WORKER } from '../../main/core/console-core';
import { createSqliteHistory } from '../../main/history';
import { openActivityRecord } from '../../main/history/activity-access';
import { ACTIVITY_FILE } from '../../main/history/activity-database';
import { BadTelemetryBody } from '../../main/telemetry/agent-activity';
import type { AgentActivity } from '../../main/telemetry/agent-activity';
import { startActivityThread } from '../../main/telemetry/activity-thread';
import { makeTempDir } from '../support/temp-dir';

const WORKER = pathToFileURL(resolve(`out/cli/${ACTIVITY_WORKER}.mjs`));
const fixture = (name: string) => readFileSync(`tests/fixtures/otlp/${name}`);

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let files: { activity: string; history: string };
let activity: AgentActivity | undefined;

beforeAll(() => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER.pathname} is missing; run npm run build first.`);
});
beforeEach(async () => {
  temp = await makeTempDir();
  files = { activity: join(temp.path, ACTIVITY_FILE), history: join(temp.path, 'history.sqlite3') };
  createSqliteHistory(files.history).close();
});
afterEach(async () => {
  await activity?.close();
  activity = undefined;
  await temp.remove();
});

describe('the activity worker', () => {
  it('decodes and keeps a body on its own thread, and reads it back', async () => {
    activity = await startActivityThread(WORKER, files);
    const body = fixture('claude-2.1.328-allowed-by-rule.pb');
    const { events = [], joins } = await activity.ingest(
      { bytes: body, encoding: 'protobuf', receivedAt: 1 },
      { events: true },
    );
    expect(events.map((event) => event.kind)).toEqual(['decision', 'result']);
    expect(joins).toEqual([]);
    const sessionId = events[0]!.sessionId;
    expect(await activity.sessionCalls(sessionId, { limit: 10 })).toEqual([
      expect.objectContaining({
        callId: events[0]!.callId,
        summary: 'touch ruled.txt',
        source: 'user_permanent',
        success: true,
      }),
    ]);
    expect((await activity.sessions(10)).map((session) => session.sessionId)).toEqual([sessionId]);
    const exported = await activity.exportPage(sessionId, 'jsonl', { maxBytes: 100_000 });
    expect(exported.text).toContain(events[0]!.callId);
  });

  it('hands back only the calls that ended unless asked for every event', async () => {
    activity = await startActivityThread(WORKER, files);
    const answer = await activity.ingest(
      { bytes: fixture('claude-2.1.328-allowed-by-rule.pb'), encoding: 'protobuf', receivedAt: 1 },
      { events: false },
    );
    expect(answer).not.toHaveProperty('events');
    expect(answer.kept).toBe(2);
    // What retires a card that still waits on the call: its session, tool and input, and how it ended.
    expect(answer.ended).toEqual([
      expect.objectContaining({
        event: 'tool.finished',
        tool: 'Bash',
        input: expect.objectContaining({ command: 'touch ruled.txt' }),
      }),
    ]);
  });

  it('takes a body that shares its buffer (as Node’s pool shares small ones) without taking the buffer', async () => {
    activity = await startActivityThread(WORKER, files);
    const body = fixture('codex-0.169.0-decision.pb');
    const shared = new ArrayBuffer(body.byteLength + 16);
    const neighbour = new Uint8Array(shared, 0, 16).fill(7);
    const bytes = new Uint8Array(shared, 16, body.byteLength);
    bytes.set(body);
    const { events } = await activity.ingest(
      { bytes, encoding: 'protobuf', receivedAt: 1 },
      { events: true },
    );
    expect(events).toEqual([expect.objectContaining({ agent: 'codex', kind: 'decision' })]);
    expect(shared.byteLength).toBe(body.byteLength + 16);
    expect([...neighbour]).toEqual(Array(16).fill(7));
  });

  it('refuses a body that is not OTLP logs as such, and keeps nothing of it', async () => {
    activity = await startActivityThread(WORKER, files);
    const refused = activity.ingest(
      { bytes: Buffer.from('{"resourceLogs": 7}'), encoding: 'json', receivedAt: 1 },
      { events: false },
    );
    await expect(refused).rejects.toBeInstanceOf(BadTelemetryBody);
    expect(await activity.sessions(10)).toEqual([]);
  });

  it('keeps what it wrote through a close, for the next start', async () => {
    activity = await startActivityThread(WORKER, files);
    const { events = [] } = await activity.ingest(
      { bytes: fixture('claude-2.1.328-allowed-by-rule.pb'), encoding: 'protobuf', receivedAt: 1 },
      { events: true },
    );
    await activity.close();
    await expect(activity.sessions(10)).rejects.toThrow('the activity record is closed');
    activity = undefined;
    const reopened = openActivityRecord(files);
    try {
      expect(await reopened.search('', { limit: 10 })).toEqual([]);
      expect(await reopened.sessionCalls(events[0]!.sessionId, { limit: 10 })).toHaveLength(1);
    } finally {
      reopened.close();
    }
  });

  it('says why it could not start when the file is a newer Gatehouse’s', async () => {
    const newer = new Database(files.activity);
    newer.pragma('user_version = 99');
    newer.close();
    await expect(startActivityThread(WORKER, files)).rejects.toThrow(/written by a newer Gatehouse/);
  });
});

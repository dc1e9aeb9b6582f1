import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_ADDED, hookEventByArg, RETIRING_EVENTS } from './claude-events';
import { toSessionEvent } from './claude-session-events';
import { codexEventByArg } from './codex-events';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '../../tests/fixtures/claude-code', `${name}.json`), 'utf8'),
  ) as unknown;

describe('the events that retire cards', () => {
  it('turns each fixture into its session event; tool events carry the tool and its input', () => {
    const call = fixture('permission-request') as { tool_name: string; tool_input: unknown };
    expect(RETIRING_EVENTS.map((event) => toSessionEvent(event, fixture(event.arg)))).toEqual([
      { sessionId: 'abc123', event: 'tool.finished', tool: call.tool_name, input: call.tool_input },
      { sessionId: 'abc123', event: 'tool.failed', tool: call.tool_name, input: call.tool_input },
      { sessionId: 'abc123', event: 'prompt.submitted' },
      { sessionId: 'abc123', event: 'stopped' },
      { sessionId: 'abc123', event: 'session.ended' },
    ]);
  });

  it('names each event as Claude Code does in its payload', () => {
    for (const event of RETIRING_EVENTS)
      expect((fixture(event.arg) as { hook_event_name: string }).hook_event_name).toBe(event.name);
  });

  it('sends a DirectoryAdded (/add-dir) with the session folder and the directory', () => {
    const raw = fixture('directory-added') as { hook_event_name: string };
    expect(raw.hook_event_name).toBe(DIRECTORY_ADDED.name);
    expect(toSessionEvent(DIRECTORY_ADDED, raw)).toEqual({
      sessionId: 'abc123',
      event: 'directory.added',
      cwd: '/home/user/shop',
      directory: '/home/user/shared-lib',
    });
    expect(toSessionEvent(DIRECTORY_ADDED, { ...raw, directory: 7 })).toBeUndefined();
  });

  it('sends nothing for a payload that cannot be matched', () => {
    const postToolUse = hookEventByArg('post-tool-use')!;
    expect(toSessionEvent(postToolUse, { session_id: 'abc123', tool_name: 'Bash' })).toBeUndefined();
    expect(toSessionEvent(postToolUse, { tool_name: 'Bash', tool_input: {} })).toBeUndefined();
    expect(toSessionEvent(hookEventByArg('stop')!, 'stop')).toBeUndefined();
    expect(
      toSessionEvent(hookEventByArg('permission-request')!, fixture('permission-request')),
    ).toBeUndefined();
  });

  it('sends a Codex SessionStart with its folder, which history files the session under', () => {
    const start = codexEventByArg('session-start')!;
    // As Codex 0.169 sends it (docs/codex.md): no turn yet.
    const payload = {
      session_id: '01a24172-ed7c',
      transcript_path: '/home/dev/.codex/sessions/rollout.jsonl',
      cwd: '/home/dev/project',
      hook_event_name: 'SessionStart',
      model: 'gpt-5.5',
      permission_mode: 'default',
      source: 'startup',
    };
    expect(toSessionEvent(start, payload)).toEqual({
      sessionId: '01a24172-ed7c',
      event: 'session.started',
      cwd: '/home/dev/project',
    });
    expect(toSessionEvent(start, { ...payload, cwd: undefined })).toBeUndefined();
  });
});

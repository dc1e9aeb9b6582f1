import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  attendedOf,
  readPermissionRequest,
  toHookOutput,
  toPermissionCall,
} from './claude-permission-request';
import { LIMITS } from './lean-protocol';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(join(__dirname, '../../tests/fixtures/claude-code', `${name}.json`), 'utf8'),
  ) as Record<string, unknown>;
const docsPayload = fixture('permission-request');

describe('the PermissionRequest hook mapping', () => {
  it('forwards session, cwd, mode, tool, input, suggestions and where the transcript is', () => {
    const payload = readPermissionRequest(docsPayload)!;
    expect(toPermissionCall(payload, 'id-1', 1000)).toEqual({
      id: 'id-1',
      sessionId: 'abc123',
      cwd: '/Users/...',
      tool: 'Bash',
      input: docsPayload.tool_input,
      mode: 'default',
      suggestions: docsPayload.permission_suggestions,
      transcriptPath: docsPayload.transcript_path,
      timeoutMs: 1000,
    });
  });

  it('leaves out a transcript path that is not absolute', () => {
    const payload = readPermissionRequest({ ...docsPayload, transcript_path: 'session.jsonl' })!;
    expect(toPermissionCall(payload, 'id-1', 1000)).not.toHaveProperty('transcriptPath');
  });

  it('refuses a tool input nested past the limit, however deep, and takes one at the limit', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    const withInput = (x: unknown) => ({ ...docsPayload, tool_input: { x } });
    expect(readPermissionRequest(withInput(nested(LIMITS.inputDepth - 1)))).toBeDefined();
    expect(readPermissionRequest(withInput(nested(LIMITS.inputDepth)))).toBeUndefined();
    expect(readPermissionRequest(withInput(nested(100_000)))).toBeUndefined();
  });

  it('reads the 2.1.221 capture, whose extra fields it ignores', () => {
    const capture = fixture('permission-request-2.1.221');
    const call = toPermissionCall(readPermissionRequest(capture)!, 'i', 1);
    expect(call).toMatchObject({
      mode: 'acceptEdits',
      tool: 'Edit',
      suggestions: capture.permission_suggestions,
    });
    expect(call).not.toHaveProperty('effort');
  });

  it('carries the MCP server and its source (2.1.3xx), and drops one it cannot read', () => {
    const mcp = {
      ...docsPayload,
      tool_name: 'mcp__github__create_issue',
      tool_input: { title: 'x' },
      mcp_server: { name: 'github', source: 'project' },
    };
    expect(toPermissionCall(readPermissionRequest(mcp)!, 'i', 1).mcpServer).toEqual({
      name: 'github',
      source: 'project',
    });
    for (const mcp_server of [
      { name: 'github' },
      { name: '', source: 'user' },
      'github',
      { name: 'g', source: 'x'.repeat(41) },
    ]) {
      const call = toPermissionCall(readPermissionRequest({ ...mcp, mcp_server })!, 'i', 1);
      expect(call.tool).toBe('mcp__github__create_issue');
      expect(call).not.toHaveProperty('mcpServer');
    }
  });

  it('says whether a person is at the terminal, as CLAUDE_CODE_SESSION_ATTENDED tells its hooks', () => {
    expect(attendedOf({ CLAUDE_CODE_SESSION_ATTENDED: '0' })).toBe(false);
    expect(attendedOf({ CLAUDE_CODE_SESSION_ATTENDED: '1' })).toBe(true);
    expect(attendedOf({})).toBeUndefined();
    const payload = readPermissionRequest(docsPayload)!;
    expect(toPermissionCall(payload, 'i', 1, false).attended).toBe(false);
    expect(toPermissionCall(payload, 'i', 1)).not.toHaveProperty('attended');
  });

  it('reads "manual" as default and an unknown mode as default', () => {
    const manual = readPermissionRequest({ ...docsPayload, permission_mode: 'manual' })!;
    expect(toPermissionCall(manual, 'i', 1).mode).toBe('default');
    const odd = readPermissionRequest({ ...docsPayload, permission_mode: 'bubble' })!;
    expect(toPermissionCall(odd, 'i', 1).mode).toBe('default');
  });

  it('drops a suggestion it cannot read and keeps the rest', () => {
    const payload = readPermissionRequest({
      ...docsPayload,
      permission_suggestions: [{ type: 'teleport' }, ...(docsPayload.permission_suggestions as unknown[])],
    })!;
    expect(toPermissionCall(payload, 'i', 1).suggestions).toHaveLength(1);
  });

  it('refuses what the console would refuse, and other events’ payloads', () => {
    for (const bad of [
      { ...docsPayload, tool_input: 'rm' },
      { ...docsPayload, session_id: '' },
      { ...docsPayload, session_id: 'x'.repeat(201) },
      { ...docsPayload, tool_name: 7 },
      { ...docsPayload, hook_event_name: 'PreToolUse' },
      { ...docsPayload, permission_suggestions: {} },
      [docsPayload],
      null,
    ])
      expect(readPermissionRequest(bad)).toBeUndefined();
  });

  it('prints allow and deny in Claude Code’s decision shape', () => {
    expect(toHookOutput({ id: 'i', behavior: 'allow' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    expect(toHookOutput({ id: 'i', behavior: 'deny', message: 'use pnpm', interrupt: true })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'use pnpm', interrupt: true },
      },
    });
  });

  it('keeps only the update entries Claude Code documents', () => {
    const session = { type: 'setMode', mode: 'plan', destination: 'session' } as const;
    const output = toHookOutput({
      id: 'i',
      behavior: 'allow',
      updatedPermissions: [
        session,
        { type: 'setMode', mode: 'bubble', destination: 'session' },
        { type: 'addDirectories', directories: ['/x'], destination: 'cliArg' },
      ],
    });
    expect(output?.hookSpecificOutput.decision).toEqual({ behavior: 'allow', updatedPermissions: [session] });
  });

  it('prints nothing for passthrough, so the terminal dialog decides', () => {
    expect(toHookOutput({ id: 'i', behavior: 'passthrough', message: 'session moved on' })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { PermissionRequestPayloadSchema, toHookOutput, toPermissionCall } from './claude-permission-request';

// The payload of claude-code.md §1.5, verbatim.
const docsPayload = {
  session_id: 'abc123',
  transcript_path: '/Users/.../.claude/projects/.../00893aaf-19fa-41d2-8238-13269b9b3ca0.jsonl',
  cwd: '/Users/...',
  permission_mode: 'default',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf node_modules', description: 'Remove node_modules directory' },
  permission_suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'rm -rf node_modules' }],
      behavior: 'allow',
      destination: 'localSettings',
    },
  ],
};

describe('the PermissionRequest hook mapping', () => {
  it('forwards session, cwd, mode, tool, input and suggestions', () => {
    const payload = PermissionRequestPayloadSchema.parse(docsPayload);
    expect(toPermissionCall(payload, 'id-1', 1000)).toEqual({
      id: 'id-1',
      sessionId: 'abc123',
      cwd: '/Users/...',
      tool: 'Bash',
      input: docsPayload.tool_input,
      mode: 'default',
      suggestions: docsPayload.permission_suggestions,
      timeoutMs: 1000,
    });
  });

  it('reads "manual" as default and an unknown mode as default', () => {
    const manual = PermissionRequestPayloadSchema.parse({ ...docsPayload, permission_mode: 'manual' });
    expect(toPermissionCall(manual, 'i', 1).mode).toBe('default');
    const odd = PermissionRequestPayloadSchema.parse({ ...docsPayload, permission_mode: 'bubble' });
    expect(toPermissionCall(odd, 'i', 1).mode).toBe('default');
  });

  it('drops a suggestion it cannot read and keeps the rest', () => {
    const payload = PermissionRequestPayloadSchema.parse({
      ...docsPayload,
      permission_suggestions: [{ type: 'teleport' }, ...docsPayload.permission_suggestions],
    });
    expect(toPermissionCall(payload, 'i', 1).suggestions).toHaveLength(1);
  });

  it('prints allow and deny in Claude Code’s decision shape', () => {
    expect(toHookOutput({ type: 'permission.decision', id: 'i', behavior: 'allow', by: 'console' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    expect(
      toHookOutput({
        type: 'permission.decision',
        id: 'i',
        behavior: 'deny',
        by: 'console',
        message: 'use pnpm',
        interrupt: true,
      }),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'use pnpm', interrupt: true },
      },
    });
  });

  it('prints nothing for passthrough, so the terminal dialog decides', () => {
    expect(
      toHookOutput({ type: 'permission.decision', id: 'i', behavior: 'passthrough', by: 'timeout' }),
    ).toBeUndefined();
  });

  it('refuses a payload without a tool input object', () => {
    expect(PermissionRequestPayloadSchema.safeParse({ ...docsPayload, tool_input: 'rm' }).success).toBe(
      false,
    );
  });
});

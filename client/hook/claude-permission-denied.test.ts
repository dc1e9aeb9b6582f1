import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REFUSAL_PROVENANCE } from '../../common/classifier-refusal';
import { PermissionRequestSchema } from '../../common/protocol';
import { readPermissionDenied, toPermissionDeniedOutput, toRefusalCall } from './claude-permission-denied';
import { LIMITS } from './lean-protocol';

const FIXTURES = join(__dirname, '../../tests/fixtures/claude-code');
const payload = JSON.parse(readFileSync(join(FIXTURES, 'permission-denied.json'), 'utf8')) as Record<
  string,
  unknown
>;
const outputSchema = z.fromJSONSchema(
  JSON.parse(readFileSync(join(FIXTURES, 'permission-denied-output.schema.json'), 'utf8')),
);

describe('the PermissionDenied hook mapping', () => {
  it('reads the input 2.1.328 builds and carries the refused call with the classifier’s reason', () => {
    const call = toRefusalCall(readPermissionDenied(payload)!, 'id-1', 60_000, true);
    expect(call).toEqual({
      id: 'id-1',
      sessionId: 'abc123',
      cwd: '/home/user/my-project',
      tool: 'Bash',
      input: payload.tool_input,
      mode: 'auto',
      attended: true,
      provenance: { type: REFUSAL_PROVENANCE, source: 'classifier', message: payload.reason },
      timeoutMs: 60_000,
    });
    // No transcript: the refused call has no result there for the console to wait for.
    expect(PermissionRequestSchema.safeParse({ type: 'permission.request', ...call }).success).toBe(true);
  });

  it('keeps the MCP server 2.1.328 names', () => {
    const mcp = { ...payload, tool_name: 'mcp__db__drop', mcp_server: { name: 'db', source: 'project' } };
    expect(toRefusalCall(readPermissionDenied(mcp)!, 'i', 1)).toMatchObject({
      mcpServer: { name: 'db', source: 'project' },
    });
  });

  it('refuses what is not a PermissionDenied payload', () => {
    expect(readPermissionDenied({ ...payload, hook_event_name: 'PermissionRequest' })).toBeUndefined();
    expect(readPermissionDenied({ ...payload, reason: 3 })).toBeUndefined();
    expect(readPermissionDenied({ ...payload, tool_input: 'rm' })).toBeUndefined();
    expect(readPermissionDenied('{}')).toBeUndefined();
  });

  it('cuts a reason past the protocol’s bound, and leaves out an empty one', () => {
    const long = toRefusalCall(readPermissionDenied({ ...payload, reason: 'x'.repeat(9_000) })!, 'i', 1);
    expect(long.provenance?.message).toHaveLength(LIMITS.message);
    expect(toRefusalCall(readPermissionDenied({ ...payload, reason: ' ' })!, 'i', 1).provenance).toEqual({
      type: REFUSAL_PROVENANCE,
      source: 'classifier',
    });
  });

  it('answers an allow with retry: true and anything else with {}, each as 2.1.328’s schema takes it', () => {
    const allow = toPermissionDeniedOutput({ id: 'i', behavior: 'allow' });
    expect(allow).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } });
    for (const behavior of ['deny', 'passthrough'] as const)
      expect(toPermissionDeniedOutput({ id: 'i', behavior })).toEqual({});
    for (const output of [allow, {}]) expect(outputSchema.safeParse(output).success).toBe(true);
    // The schema itself refuses what 2.1.328 would not read as an answer.
    expect(
      outputSchema.safeParse({ hookSpecificOutput: { hookEventName: 'PermissionRequest', retry: true } })
        .success,
    ).toBe(false);
  });
});

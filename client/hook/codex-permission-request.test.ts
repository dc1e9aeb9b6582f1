import { describe, expect, it } from 'vitest';
import { readPermissionRequest } from './claude-permission-request';
import { toCodexOutput, toCodexPermissionCall } from './codex-permission-request';

const decisionOf = (answer: ReturnType<typeof toCodexOutput>) => answer.output?.hookSpecificOutput.decision;

describe('the console decision as Codex hook output', () => {
  it('prints a plain allow, and a deny with its message', () => {
    expect(toCodexOutput({ id: 'r', behavior: 'allow' })).toEqual({
      output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } },
    });
    expect(decisionOf(toCodexOutput({ id: 'r', behavior: 'deny', message: 'Not here.' }))).toEqual({
      behavior: 'deny',
      message: 'Not here.',
    });
  });

  it('never sends updatedPermissions or interrupt, which make Codex fail closed', () => {
    const always = toCodexOutput({
      id: 'r',
      behavior: 'allow',
      updatedPermissions: [
        { type: 'addRules', behavior: 'allow', destination: 'userSettings', rules: [{ toolName: 'Bash' }] },
      ],
    });
    expect(decisionOf(always)).toEqual({ behavior: 'allow' });
    expect(always.note).toMatch(/lasting rules/);
    const stop = toCodexOutput({ id: 'r', behavior: 'deny', interrupt: true });
    expect(decisionOf(stop)).toEqual({ behavior: 'deny' });
    expect(stop.note).toMatch(/cannot be stopped/);
  });

  it('gives no verdict for an edited command rather than allowing the original one', () => {
    const edited = toCodexOutput({ id: 'r', behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(edited.output).toBeUndefined();
    expect(edited.note).toMatch(/edited command/);
  });

  it('gives no verdict for a passthrough', () => {
    expect(toCodexOutput({ id: 'r', behavior: 'passthrough' }).output).toBeUndefined();
  });
});

describe('Codex’s PermissionRequest as the console gets it', () => {
  const payload = {
    session_id: 's1',
    turn_id: 't1',
    transcript_path: '/home/dev/.codex/sessions/rollout-1.jsonl',
    cwd: '/home/dev/project',
    hook_event_name: 'PermissionRequest',
    model: 'gpt-5.5',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'touch x', description: 'Make x' },
  };

  it('carries the turn and the rollout file, where the console reads the turn’s policy and sandbox', () => {
    expect(toCodexPermissionCall(readPermissionRequest(payload)!, 'r1', 30_000)).toEqual({
      id: 'r1',
      sessionId: 's1',
      cwd: '/home/dev/project',
      tool: 'Bash',
      input: { command: 'touch x', description: 'Make x' },
      mode: 'default',
      timeoutMs: 30_000,
      turnId: 't1',
      transcriptPath: '/home/dev/.codex/sessions/rollout-1.jsonl',
    });
  });

  it('leaves out a relative rollout path, which the console would refuse with the whole request', () => {
    const call = toCodexPermissionCall(
      readPermissionRequest({ ...payload, transcript_path: 'rollout-1.jsonl' })!,
      'r1',
      30_000,
    );
    expect(call).not.toHaveProperty('transcriptPath');
    expect(call.turnId).toBe('t1');
  });
});

import { describe, expect, it } from 'vitest';
import {
  allowsAll,
  copilotAllowsItself,
  readCopilotPermissionRequest,
  toCopilotOutput,
  toCopilotPermissionCall,
} from './copilot-permission-request';

// The payload Copilot 1.0.102 wrote to a hook's stdin for a shell call (docs/copilot.md).
const PAYLOAD = {
  hookName: 'permissionRequest',
  sessionId: '630cfbec-13db-490e-ad82-ed651679eca8',
  timestamp: 1796603020377,
  cwd: '/work/project',
  toolName: 'bash',
  toolInput: { command: 'touch made-by-copilot' },
  permissionSuggestions: [],
};

const request = (toolName: string, toolInput: object) =>
  readCopilotPermissionRequest({ ...PAYLOAD, toolName, toolInput })!;

const saved = (...approvals: object[]) => ({
  locations: { '/work/project': { tool_approvals: approvals } },
});

describe("Copilot's permissionRequest payload", () => {
  it('reads its session, folder, tool and input', () => {
    expect(readCopilotPermissionRequest(PAYLOAD)).toEqual({
      session_id: PAYLOAD.sessionId,
      cwd: '/work/project',
      tool_name: 'bash',
      tool_input: { command: 'touch made-by-copilot' },
    });
  });

  it("names Copilot's shell tool as the console's rules name it, and leaves other tools as they are", () => {
    expect(toCopilotPermissionCall(request('bash', { command: 'ls' }), 'r', 25_000)).toMatchObject({
      tool: 'Bash',
      input: { command: 'ls' },
      sessionId: PAYLOAD.sessionId,
      timeoutMs: 25_000,
    });
    expect(toCopilotPermissionCall(request('edit', { path: 'a' }), 'r', 25_000).tool).toBe('edit');
  });

  it('refuses another event or a payload without a tool', () => {
    expect(readCopilotPermissionRequest({ ...PAYLOAD, hookName: 'preToolUse' })).toBeUndefined();
    expect(readCopilotPermissionRequest({ ...PAYLOAD, toolName: undefined })).toBeUndefined();
    expect(readCopilotPermissionRequest('{}')).toBeUndefined();
  });
});

describe('the console decision as Copilot hook output', () => {
  it('prints an allow, and a deny with its message and a stop', () => {
    expect(toCopilotOutput({ id: 'r', behavior: 'allow' }).output).toEqual({ behavior: 'allow' });
    expect(
      toCopilotOutput({ id: 'r', behavior: 'deny', message: 'Not here.', interrupt: true }).output,
    ).toEqual({ behavior: 'deny', message: 'Not here.', interrupt: true });
  });

  it('falls through to Copilot for a passthrough and for an edited command', () => {
    expect(toCopilotOutput({ id: 'r', behavior: 'passthrough' }).output).toEqual({});
    const edited = toCopilotOutput({ id: 'r', behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(edited.output).toEqual({});
    expect(edited.note).toMatch(/edited command/);
  });

  it('allows the call alone when the person also made a lasting rule', () => {
    const always = toCopilotOutput({
      id: 'r',
      behavior: 'allow',
      updatedPermissions: [
        { type: 'addRules', behavior: 'allow', destination: 'userSettings', rules: [{ toolName: 'bash' }] },
      ],
    });
    expect(always.output).toEqual({ behavior: 'allow' });
    expect(always.note).toMatch(/lasting rules/);
  });
});

describe('a call Copilot would allow by itself', () => {
  it('is every call under COPILOT_ALLOW_ALL, in the spellings Copilot takes', () => {
    expect(allowsAll({ COPILOT_ALLOW_ALL: ' Yes ' })).toBe(true);
    expect(allowsAll({ COPILOT_ALLOW_ALL: 'off' })).toBe(false);
    expect(allowsAll({})).toBe(false);
    expect(
      copilotAllowsItself(request('bash', { command: 'rm x' }), { COPILOT_ALLOW_ALL: '1' }, undefined),
    ).toBe(true);
  });

  it('is a plain command whose name the folder saved, as "don\'t ask again" writes it', () => {
    const config = saved({ kind: 'commands', commandIdentifiers: ['touch', 'git push'] });
    expect(copilotAllowsItself(request('bash', { command: 'touch a b' }), {}, config)).toBe(true);
    expect(copilotAllowsItself(request('bash', { command: 'git push origin' }), {}, config)).toBe(true);
    expect(copilotAllowsItself(request('bash', { command: 'git reset --hard' }), {}, config)).toBe(false);
    expect(copilotAllowsItself(request('bash', { command: 'rm -f a' }), {}, config)).toBe(false);
  });

  it('leaves a compound command to Copilot, whose parser splits it', () => {
    const config = saved({ kind: 'commands', commandIdentifiers: ['touch'] });
    for (const command of ['touch a; rm b', 'touch a && rm b', 'touch $(rm b)', 'touch a > /etc/x'])
      expect(copilotAllowsItself(request('bash', { command }), {}, config)).toBe(false);
  });

  it('is a file write or read where the folder saved write or read', () => {
    const config = saved({ kind: 'write' }, { kind: 'read' });
    expect(copilotAllowsItself(request('edit', { path: 'a' }), {}, config)).toBe(true);
    expect(copilotAllowsItself(request('view', { path: '/etc/x' }), {}, config)).toBe(true);
    expect(copilotAllowsItself(request('bash', { command: 'ls' }), {}, config)).toBe(false);
  });

  it('is nothing saved for another folder, nor anything from an unreadable file', () => {
    const config = { locations: { '/elsewhere': { tool_approvals: [{ kind: 'write' }] } } };
    expect(copilotAllowsItself(request('edit', { path: 'a' }), {}, config)).toBe(false);
    expect(copilotAllowsItself(request('edit', { path: 'a' }), {}, undefined)).toBe(false);
    expect(copilotAllowsItself(request('edit', { path: 'a' }), {}, { locations: [] })).toBe(false);
  });
});

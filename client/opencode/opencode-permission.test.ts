import { describe, expect, it } from 'vitest';
import {
  configuredRule,
  notTakenMessage,
  readPermissionAsked,
  readPermissionReplied,
  replyFor,
  toOpenCodePermissionCall,
  wildcardMatch,
} from './opencode-permission';

/** `permission.asked` as OpenCode 1.18.33 sent it for a `bash` call (docs/opencode.md). */
const ASKED = {
  id: 'per_1',
  sessionID: 'ses_1',
  permission: 'bash',
  patterns: ['git push origin main'],
  metadata: { command: 'git push origin main' },
  always: ['git push *'],
  tool: { messageID: 'msg_1', callID: 'call_1' },
};

describe('OpenCode permission questions', () => {
  it('turns a bash question into a Bash card that says why OpenCode asked', () => {
    const asked = readPermissionAsked(ASKED)!;
    const rule = configuredRule({ bash: { '*': 'ask', 'git *': 'allow', 'git push *': 'ask' } }, asked);
    expect(rule).toBe('bash: { "git push *": "ask" }');
    expect(toOpenCodePermissionCall(asked, '/work', rule)).toEqual({
      id: 'per_1',
      sessionId: 'ses_1',
      cwd: '/work',
      tool: 'Bash',
      input: { command: 'git push origin main' },
      provenance: {
        type: 'opencode',
        source: 'permission',
        rule: 'bash: { "git push *": "ask" }',
        message:
          'OpenCode\'s "bash" permission asks about "git push origin main", by its rule bash: { "git push *": "ask" }; its own "Always" would allow "git push *".',
      },
    });
  });

  it('names the single action or the catch-all that decided, else the default', () => {
    const asked = readPermissionAsked({ ...ASKED, permission: 'edit', patterns: ['src/a.ts'] })!;
    expect(configuredRule('ask', asked)).toBe('edit: "ask"');
    expect(configuredRule({ edit: 'ask' }, asked)).toBe('edit: "ask"');
    expect(configuredRule({ '*': 'ask' }, asked)).toBe('*: "ask"');
    expect(configuredRule({ bash: 'allow' }, asked)).toBeUndefined();
    expect(toOpenCodePermissionCall(asked, '/work', undefined)).toMatchObject({
      tool: 'edit',
      input: { patterns: ['src/a.ts'], metadata: { command: 'git push origin main' } },
      provenance: { rule: 'edit: (default)' },
    });
  });

  it('matches patterns as OpenCode does, a trailing " *" matching nothing too', () => {
    expect(wildcardMatch('git push', 'git push *')).toBe(true);
    expect(wildcardMatch('git pushy', 'git push *')).toBe(false);
    expect(wildcardMatch('a.ts', '?.ts')).toBe(true);
    expect(wildcardMatch('a(b).ts', 'a(b).ts')).toBe(true);
  });

  it('refuses properties that are not a question the console can carry', () => {
    expect(readPermissionAsked({ ...ASKED, patterns: 'x' })).toBeUndefined();
    expect(readPermissionAsked({ ...ASKED, id: 'p'.repeat(201) })).toBeUndefined();
    expect(readPermissionAsked(null)).toBeUndefined();
  });

  it('replies once to an allow, reject with the words to a deny, and nothing to a passthrough', () => {
    expect(replyFor({ id: 'per_1', behavior: 'allow' })).toEqual({ reply: 'once' });
    expect(replyFor({ id: 'per_1', behavior: 'deny', message: 'Not on main.' })).toEqual({
      reply: 'reject',
      message: 'Not on main.',
    });
    expect(replyFor({ id: 'per_1', behavior: 'passthrough' })).toBeUndefined();
  });

  it('tells the console its answer was not taken, with what OpenCode’s prompt replied first', () => {
    const lost = (reply: 'once' | 'always' | 'reject') =>
      notTakenMessage('per_1', readPermissionReplied({ sessionID: 'ses_1', requestID: 'per_1', reply })!);
    const cancel = { type: 'permission.cancel', id: 'per_1', reason: 'answered-in-terminal' };
    expect(lost('reject')).toEqual({ ...cancel, answer: { behavior: 'deny' } });
    expect(lost('once')).toEqual({ ...cancel, answer: { behavior: 'allow' } });
    expect(lost('always')).toEqual({ ...cancel, answer: { behavior: 'allow' } });
  });
});

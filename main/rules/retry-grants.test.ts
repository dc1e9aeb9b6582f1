import { describe, expect, it } from 'vitest';
import type { AgentInfo, PermissionRequest } from '../../common/protocol';
import { RetryGrants } from './retry-grants';

const agent: AgentInfo = { name: 'claude-code' };
const refused: PermissionRequest = {
  type: 'permission.request',
  id: 'refusal-1',
  sessionId: 's1',
  cwd: '/p',
  tool: 'Bash',
  input: { command: 'git push --force', description: 'push' },
  mode: 'auto',
  provenance: { type: 'classifier-refusal', message: 'rewrites history' },
};
const retried: PermissionRequest = {
  type: 'permission.request',
  id: 'retry-1',
  sessionId: 's1',
  cwd: '/p',
  tool: 'Bash',
  // The same input in another key order is the same call.
  input: { description: 'push', command: 'git push --force' },
  mode: 'auto',
};

describe('one-shot grants from overturned refusals', () => {
  it('answer the exact call once, naming the refusal', () => {
    const grants = new RetryGrants();
    grants.add(refused, agent);
    expect(grants.take(retried, agent)).toBe('refusal-1');
    expect(grants.take(retried, agent)).toBeUndefined();
  });

  it('answer no other input, session, folder, agent or MCP server', () => {
    const grants = new RetryGrants();
    grants.add(refused, agent);
    for (const other of [
      { ...retried, input: { command: 'git push --force ', description: 'push' } },
      { ...retried, sessionId: 's2' },
      { ...retried, cwd: '/q' },
      { ...retried, mcpServer: { name: 'x', source: 'user' } },
    ])
      expect(grants.take(other, agent)).toBeUndefined();
    expect(grants.take(retried, { name: 'codex' })).toBeUndefined();
    expect(grants.take(retried, agent)).toBe('refusal-1');
  });

  it('lapse unused after their time, which adding one says', () => {
    let now = 0;
    const grants = new RetryGrants(() => now, 1_000);
    expect(grants.add(refused, agent)).toBe(1_000);
    now = 1_000;
    expect(grants.take(retried, agent)).toBeUndefined();
  });

  it('all end when dropped, naming the refusals still live', () => {
    let now = 0;
    const grants = new RetryGrants(() => now, 1_000);
    grants.add(refused, agent);
    grants.add({ ...refused, id: 'refusal-2', sessionId: 's2' }, agent);
    now = 500;
    expect(grants.drop()).toEqual(['refusal-1', 'refusal-2']);
    expect(grants.take(retried, agent)).toBeUndefined();
    expect(grants.drop()).toEqual([]);
  });
});

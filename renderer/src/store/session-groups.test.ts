import { describe, expect, it } from 'vitest';
import { dangerousRequest, pendingRequest } from '../testing/fake-console-api';
import { displayOrder, groupBySession, toRows } from './session-groups';

describe('grouping the inbox by session', () => {
  const requests = [
    pendingRequest('late', { sessionId: 's1', receivedAt: 30 }),
    pendingRequest('other', { sessionId: 's2', receivedAt: 20 }),
    dangerousRequest('first', { sessionId: 's1', receivedAt: 10 }),
    pendingRequest('sdk', { sessionId: 's1', receivedAt: 25, agent: { name: 'ci-agent' } }),
  ];

  it('orders groups by their oldest request and requests oldest first', () => {
    const groups = groupBySession(requests);
    expect(groups.map((g) => [g.agent, g.sessionId, g.requests.map((r) => r.id)])).toEqual([
      ['claude-code', 's1', ['first', 'late']],
      ['claude-code', 's2', ['other']],
      ['ci-agent', 's1', ['sdk']],
    ]);
    expect(groups.map((g) => g.secondLook)).toEqual([1, 0, 0]);
    expect(displayOrder(groups)).toEqual(['first', 'late', 'other', 'sdk']);
  });

  it('flattens into a header row then card rows per group', () => {
    const rows = toRows(groupBySession(requests));
    expect(rows.map((r) => (r.kind === 'session' ? `# ${r.group.sessionId}` : r.key))).toEqual([
      '# s1',
      'first',
      'late',
      '# s2',
      'other',
      '# s1',
      'sdk',
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

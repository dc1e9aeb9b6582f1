import { describe, expect, it } from 'vitest';
import { HANDS_BACK_SOON_MS } from '../../../common/hand-back';
import { dangerousRequest, pendingRequest } from '../testing/fake-console-api';
import { displayOrder, groupBySession, laneAt, nextLaneChange, queueLayout, toRows } from './session-groups';

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
    expect(displayOrder(queueLayout(requests, {}))).toEqual(['first', 'late', 'other', 'sdk']);
  });

  it('flattens into a header row then card rows per group', () => {
    const rows = toRows(queueLayout(requests, {}));
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

describe('the lane of requests about to go back to their agent', () => {
  const now = 1_000_000;
  // A long queue, then a Codex call that its agent takes back 30 s after it asked.
  const requests = [
    pendingRequest('edit', { sessionId: 'cc', receivedAt: now - 5_000, deadline: now + 570_000 }),
    pendingRequest('test', { sessionId: 'cc', receivedAt: now - 4_000, deadline: now + 571_000 }),
    pendingRequest('open', { sessionId: 'sdk', receivedAt: now - 3_000 }),
    pendingRequest('codex', {
      sessionId: '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07',
      agent: { name: 'codex' },
      receivedAt: now,
      deadline: now + 29_000,
    }),
  ];

  it('puts what is about to run out first, soonest first, out of its session', () => {
    const held = pendingRequest('held', { sessionId: 'cc', receivedAt: now - 6_000, deadline: now + 40_000 });
    const all = [...requests, held];
    const lane = laneAt(all, {}, now);
    expect(lane).toEqual({ codex: true, held: true });
    const layout = queueLayout(all, lane);
    expect(displayOrder(layout)).toEqual(['codex', 'held', 'edit', 'test', 'open']);
    const rows = toRows(layout);
    expect(rows.map((r) => (r.kind === 'request' ? r.key : `# ${r.kind}`))).toEqual([
      '# lane',
      'codex',
      'held',
      '# session',
      'edit',
      'test',
      '# session',
      'open',
    ]);
    const codex = rows[1];
    expect(codex?.kind === 'request' && codex.laneSession).toBe('a8c41f07');
  });

  it('keeps a request in the lane once in, though its deadline moved away, until it leaves the queue', () => {
    const lane = laneAt(requests, {}, now);
    const held = requests.map((r) => (r.id === 'codex' ? { ...r, deadline: now + 570_000 } : r));
    expect(laneAt(held, lane, now)).toEqual({ codex: true });
    expect(
      laneAt(
        requests.filter((r) => r.id !== 'codex'),
        lane,
        now,
      ),
    ).toEqual({});
  });

  it('says when the next request joins the lane, and never for one without a deadline', () => {
    const lane = laneAt(requests, {}, now);
    const joins = now + 570_000 - HANDS_BACK_SOON_MS + 1;
    expect(nextLaneChange(requests, lane)).toBe(joins);
    expect(laneAt(requests, lane, joins - 1)).toEqual({ codex: true });
    expect(laneAt(requests, lane, joins)).toEqual({ codex: true, edit: true });
    expect(nextLaneChange([requests[2]!], {})).toBeUndefined();
  });

  it('names each session shown by the part of its id that tells it apart', () => {
    const twins = [
      pendingRequest('a', { sessionId: '019aeb7c-1c4e-7a21-9d3f-5be2a8c41f07', agent: { name: 'codex' } }),
      pendingRequest('b', { sessionId: '019aeb7c-2d90-7b44-8e01-c07d93e6b2a5', agent: { name: 'codex' } }),
    ];
    const rows = toRows(queueLayout(twins, {}));
    expect(rows.flatMap((r) => (r.kind === 'session' ? [r.label] : []))).toEqual(['a8c41f07', '93e6b2a5']);
  });
});

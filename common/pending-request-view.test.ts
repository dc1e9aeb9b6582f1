import { describe, expect, it } from 'vitest';
import { PendingRequestViewSchema } from './queue-contract';
import { pendingRequestView } from './pending-request-view';

const request = {
  id: 'r1',
  sessionId: 's1',
  cwd: '/p',
  tool: 'Bash',
  input: { command: 'npm test' },
  mode: 'default' as const,
};

describe('pendingRequestView', () => {
  it('carries what the card shows and no key for what is absent', () => {
    const view = pendingRequestView(request, { name: 'claude-code', version: '' }, 5);
    expect(view).toStrictEqual({ ...request, agent: { name: 'claude-code' }, receivedAt: 5 });
    expect(PendingRequestViewSchema.parse(view)).toStrictEqual(view);
  });

  it('adds the agent version, suggestions, provenance and the pending state when there are any', () => {
    const suggestions = [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] as const;
    const view = pendingRequestView(
      { ...request, suggestions: [...suggestions], provenance: { type: 'rule', message: 'asks' } },
      { name: 'sdk-agent', version: '1.2' },
      5,
      { deadline: 60_005 },
    );
    expect(view).toMatchObject({
      agent: { name: 'sdk-agent', version: '1.2' },
      suggestions,
      provenance: { type: 'rule', message: 'asks' },
      deadline: 60_005,
    });
    expect(view).not.toHaveProperty('held');
    expect(pendingRequestView(request, { name: 'a' }, 5, { held: true })).toMatchObject({ held: true });
    expect(PendingRequestViewSchema.parse(view)).toStrictEqual(view);
  });
});

import { describe, expect, it } from 'vitest';
import type { AgentOption } from '../../common/protocol';
import { withdrawalAnswer } from './withdrawal';

const options: AgentOption[] = [
  { optionId: 'always', name: 'Always Allow', kind: 'allow_always' },
  { optionId: 'once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  { optionId: 'never', name: 'Never', kind: 'reject_always' },
];
const cancel = { type: 'permission.cancel', id: 'r1' } as const;

describe('withdrawalAnswer', () => {
  it('records the option chosen in the agent’s own dialog as its kind answers: allow_* allows, reject_* denies', () => {
    const chose = (optionId: string) =>
      withdrawalAnswer({ ...cancel, reason: 'answered-in-terminal', answer: { optionId } }, options);
    expect(chose('always')).toEqual({ behavior: 'allow', optionId: 'always' });
    expect(chose('once')).toEqual({ behavior: 'allow', optionId: 'once' });
    expect(chose('no')).toEqual({ behavior: 'deny', optionId: 'no' });
    expect(chose('never')).toEqual({ behavior: 'deny', optionId: 'never' });
  });

  it('leaves an option the request did not offer to the agent’s dialog, unread', () => {
    const answer = { optionId: 'always' };
    expect(withdrawalAnswer({ ...cancel, reason: 'answered-in-terminal', answer }, undefined)).toEqual({
      behavior: 'passthrough',
    });
    expect(
      withdrawalAnswer({ ...cancel, reason: 'answered-in-terminal', answer: { optionId: 'other' } }, options),
    ).toEqual({ behavior: 'passthrough' });
  });

  it('records a terminal’s answer with the person’s words, and no answer as passthrough', () => {
    const answer = { behavior: 'deny', message: 'use the build folder' } as const;
    expect(withdrawalAnswer({ ...cancel, reason: 'answered-in-terminal', answer }, undefined)).toEqual(
      answer,
    );
    expect(withdrawalAnswer({ ...cancel, reason: 'answered-in-terminal' }, options)).toEqual({
      behavior: 'passthrough',
    });
  });

  it('says what ended a wait nobody answered, when the agent says', () => {
    expect(withdrawalAnswer({ ...cancel, reason: 'aborted', because: 'turn-cancelled' }, options)).toEqual({
      behavior: 'passthrough',
      ended: 'turn-cancelled',
    });
    expect(withdrawalAnswer({ ...cancel, reason: 'aborted', because: 'agent-exited' }, options)).toEqual({
      behavior: 'passthrough',
      ended: 'agent-exited',
    });
    expect(withdrawalAnswer({ ...cancel, reason: 'aborted' }, options)).toEqual({ behavior: 'passthrough' });
  });
});

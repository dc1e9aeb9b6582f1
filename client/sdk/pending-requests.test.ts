import { describe, expect, it, vi } from 'vitest';
import type { PermissionDecision } from '../../common/protocol';
import { BridgeError } from './errors';
import { PendingRequests } from './pending-requests';

const call = (id: string) => ({ id, sessionId: 's', cwd: '/p', tool: 'Bash', input: { command: 'ls' } });
const decision = (id: string): PermissionDecision => ({
  type: 'permission.decision',
  id,
  behavior: 'allow',
  by: 'console',
});

describe('PendingRequests', () => {
  it('settles an id once and ignores a second decision for it', async () => {
    const pending = new PendingRequests();
    const { decision: answer } = pending.add(call('a'), undefined, () => undefined);
    expect(pending.settle(decision('a'))).toBe(true);
    expect(pending.settle(decision('a'))).toBe(false);
    await expect(answer).resolves.toMatchObject({ id: 'a' });
    expect(pending.size).toBe(0);
  });

  it('refuses a second call with an id that is still pending', async () => {
    const pending = new PendingRequests();
    pending.add(call('a'), undefined, () => undefined);
    const second = pending.add(call('a'), undefined, () => undefined);
    expect(second.added).toBe(false);
    await expect(second.decision).rejects.toMatchObject({ code: 'id-conflict' });
    expect(pending.calls()).toHaveLength(1);
  });

  it('on abort forgets the call, rejects it as an AbortError and asks the caller to tell the console', async () => {
    const pending = new PendingRequests();
    const controller = new AbortController();
    const onAbort = vi.fn();
    const { decision: answer } = pending.add(call('a'), controller.signal, onAbort);
    controller.abort('changed my mind');
    await expect(answer).rejects.toMatchObject({
      code: 'aborted',
      name: 'AbortError',
      cause: 'changed my mind',
    });
    expect(onAbort).toHaveBeenCalledOnce();
    expect(pending.has('a')).toBe(false);
  });

  it('does not report an abort for a call that was already decided', async () => {
    const pending = new PendingRequests();
    const controller = new AbortController();
    const onAbort = vi.fn();
    const { decision: answer } = pending.add(call('a'), controller.signal, onAbort);
    pending.settle(decision('a'));
    controller.abort();
    await answer;
    expect(onAbort).not.toHaveBeenCalled();
  });

  it('refuses a call whose signal is already aborted without registering it', async () => {
    const pending = new PendingRequests();
    const result = pending.add(call('a'), AbortSignal.abort(), () => undefined);
    expect(result.added).toBe(false);
    await expect(result.decision).rejects.toBeInstanceOf(BridgeError);
    expect(pending.size).toBe(0);
  });

  it('fails every call at once, oldest first in calls() until then', async () => {
    const pending = new PendingRequests();
    const answers = ['a', 'b', 'c'].map((id) => pending.add(call(id), undefined, () => undefined).decision);
    expect(pending.calls().map((c) => c.id)).toEqual(['a', 'b', 'c']);
    pending.failAll(new BridgeError('gone', 'closed'));
    for (const answer of answers) await expect(answer).rejects.toMatchObject({ code: 'closed' });
  });
});

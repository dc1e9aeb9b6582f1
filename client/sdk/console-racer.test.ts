import { describe, expect, it, vi } from 'vitest';
import type { PermissionDecision } from '../../common/protocol';
import { consoleRacer } from './console-racer';
import type { GatehouseClient } from './connect';
import { raceForDecision } from './race';
import type { Racer } from './race';

const call = { id: 'r1', sessionId: 's', cwd: '/p', tool: 'Bash', input: { command: 'npm publish' } };

function fakeClient() {
  let answer!: (decision: PermissionDecision) => void;
  let fail!: (error: Error) => void;
  const client = {
    requestPermission: vi.fn(
      () =>
        new Promise<PermissionDecision>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    ),
    cancel: vi.fn((_id: string) => {
      fail(new Error('withdrawn'));
      return true;
    }),
  } satisfies Pick<GatehouseClient, 'requestPermission' | 'cancel'>;
  return {
    client,
    answer: (d: Omit<PermissionDecision, 'type' | 'id'>) =>
      answer({ type: 'permission.decision', id: 'r1', ...d }),
  };
}

const never: Racer<unknown, 'terminal'> = { name: 'terminal', run: () => undefined };

describe('consoleRacer', () => {
  it('claims with the console’s decision', async () => {
    const fake = fakeClient();
    const race = raceForDecision([consoleRacer(fake.client, call), never]);
    fake.answer({ behavior: 'deny', by: 'console', message: 'no' });
    await expect(race).resolves.toMatchObject({
      winner: 'console',
      value: { behavior: 'deny', message: 'no' },
    });
    expect(fake.client.cancel).not.toHaveBeenCalled();
  });

  it('withdraws its request as answered-in-terminal when another racer wins', async () => {
    const fake = fakeClient();
    const race = raceForDecision<unknown, string>([
      consoleRacer(fake.client, call),
      { name: 'terminal', run: (claim) => void Promise.resolve().then(() => claim({ behavior: 'allow' })) },
    ]);
    await expect(race).resolves.toMatchObject({ winner: 'terminal' });
    expect(fake.client.cancel).toHaveBeenCalledWith('r1', 'answered-in-terminal');
  });

  it('withdraws its request as aborted when the whole race is aborted', async () => {
    const fake = fakeClient();
    const controller = new AbortController();
    const race = raceForDecision([consoleRacer(fake.client, call), never], controller.signal);
    controller.abort();
    await expect(race).rejects.toMatchObject({ code: 'aborted' });
    expect(fake.client.cancel).toHaveBeenCalledWith('r1', 'aborted');
  });

  it('leaves the race to the other racers when the console passes the question back', async () => {
    const fake = fakeClient();
    let claimTerminal!: (value: unknown) => void;
    const race = raceForDecision<unknown, string>([
      consoleRacer(fake.client, call),
      { name: 'terminal', run: (claim) => void (claimTerminal = claim) },
    ]);
    fake.answer({ behavior: 'passthrough', by: 'timeout' });
    await new Promise((r) => setImmediate(r));
    claimTerminal({ behavior: 'deny' });
    await expect(race).resolves.toMatchObject({ winner: 'terminal' });
  });
});

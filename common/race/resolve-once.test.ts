import { describe, expect, it, vi } from 'vitest';
import { createResolveOnce } from './resolve-once';

describe('createResolveOnce', () => {
  it('lets the first racer win and tells every later one who won', () => {
    const onResolve = vi.fn();
    const race = createResolveOnce<string>(onResolve);
    expect(race.resolve('console', 'allow')).toEqual({ won: true });
    expect(race.resolve('timeout', 'deny')).toEqual({ won: false, winner: 'console' });
    expect(race.claim('tray')).toEqual({ won: false, winner: 'console' });
    expect(onResolve).toHaveBeenCalledTimes(1);
    expect(onResolve).toHaveBeenCalledWith('allow', 'console');
    expect(race.winner).toBe('console');
  });

  it('separates claim from delivery and refuses a delivery by anyone but the winner', () => {
    const onResolve = vi.fn();
    const race = createResolveOnce<number>(onResolve);
    expect(race.claim('grant').won).toBe(true);
    expect(race.settled).toBe(true);
    expect(onResolve).not.toHaveBeenCalled();
    expect(() => race.deliver('console', 1)).toThrow(/holds the claim/);
    race.deliver('grant', 2);
    expect(() => race.deliver('grant', 3)).toThrow(/already delivered/);
    expect(onResolve).toHaveBeenCalledExactlyOnceWith(2, 'grant');
  });

  it('decides exactly once when many racers resolve in the same tick', async () => {
    const onResolve = vi.fn();
    const race = createResolveOnce<number>(onResolve);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => Promise.resolve().then(() => race.resolve(`r${i}`, i))),
    );
    expect(results.filter((r) => r.won)).toHaveLength(1);
    expect(onResolve).toHaveBeenCalledTimes(1);
  });
});

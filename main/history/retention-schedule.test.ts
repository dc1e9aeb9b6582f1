import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../tests/support/temp-dir';
import { createSqliteHistory } from '.';
import type { History } from '.';
import { sampleEntry, sampleRequest } from './testing/sample';
import { DAY_MS, RETENTION_INTERVAL_MS, retentionCutoff, startRetention } from './retention-schedule';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
let history: History;
let now: number;

beforeEach(async () => {
  vi.useFakeTimers();
  dir = await makeTempDir();
  history = createSqliteHistory(join(dir.path, 'history.sqlite3'));
  now = 100 * DAY_MS;
});

afterEach(async () => {
  vi.useRealTimers();
  history.close();
  await dir.remove();
});

const recordAt = (id: string, receivedAt: number) =>
  history.record(
    sampleEntry(sampleRequest({ id, sessionId: id }), {}, { receivedAt, decidedAt: receivedAt + 1 }),
  );
const ids = () => history.queryRequests({}, { limit: 100 }).entries.map((e) => e.request.id);

describe('startRetention', () => {
  it('computes the cutoff in whole days before now', () => {
    expect(retentionCutoff(30, 100 * DAY_MS)).toBe(70 * DAY_MS);
  });

  it('purges at start and then every interval, and stops when closed', () => {
    recordAt('old', now - 31 * DAY_MS);
    recordAt('young', now - 29 * DAY_MS);
    const onPurged = vi.fn();
    const keeper = startRetention({ history, days: 30, now: () => now, onPurged, onError: () => {} });
    expect(ids()).toEqual(['young']);
    expect(onPurged).toHaveBeenCalledWith({ requests: 1, sessions: 1 });

    now += 2 * DAY_MS;
    vi.advanceTimersByTime(RETENTION_INTERVAL_MS);
    expect(ids()).toEqual([]);
    expect(onPurged).toHaveBeenCalledTimes(2);

    keeper.close();
    recordAt('later', now - 40 * DAY_MS);
    vi.advanceTimersByTime(RETENTION_INTERVAL_MS * 3);
    expect(ids()).toEqual(['later']);
  });

  it('purges nothing without a setting, and applies a new setting at once', () => {
    recordAt('old', now - 400 * DAY_MS);
    const keeper = startRetention({
      history,
      days: undefined,
      now: () => now,
      onPurged: () => {},
      onError: () => {},
    });
    vi.advanceTimersByTime(RETENTION_INTERVAL_MS * 2);
    expect(ids()).toEqual(['old']);
    expect(keeper.set(365)).toEqual({ requests: 1, sessions: 1 });
    expect(keeper.days()).toBe(365);
    keeper.close();
  });

  it('turns a failed scheduled purge into one warning sentence and tries again', () => {
    const onError = vi.fn();
    let fail = true;
    const keeper = startRetention({
      history: {
        purgeOlderThan: () => {
          if (fail) throw new Error('database is locked');
          return { requests: 0, sessions: 0 };
        },
      },
      days: 7,
      now: () => now,
      onPurged: () => {},
      onError,
    });
    expect(onError).toHaveBeenCalledWith({
      code: 'history-purge-failed',
      days: '7',
      detail: 'database is locked',
      fallback:
        'History older than 7 days could not be purged (database is locked); it is tried again within the hour.',
    });
    fail = false;
    vi.advanceTimersByTime(RETENTION_INTERVAL_MS);
    expect(onError).toHaveBeenCalledTimes(1);
    keeper.close();
  });
});

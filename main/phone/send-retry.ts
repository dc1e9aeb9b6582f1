/**
 * What reaches the person is retried as polling is: 3 s after a network error or a server error, or after
 * the wait a 429's `retry_after` asks for, for at most ten minutes. A steady pace, not a backoff, so a
 * request made during an outage reaches the phone within about 3 s of the network coming back; a doubling
 * delay would leave it waiting as long as the outage had lasted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from 'grammy';
import type { Transformer } from 'grammy';

/** grammY's polling loop waits this long after a failed getUpdates; sends keep the same pace. */
export const RETRY_EVERY_MS = 3_000;
/** After this long a send gives up, and the console says the phone did not get the request. */
export const RETRY_FOR_MS = 10 * 60_000;

/** The calls that put something in front of the person; start-up and polling have their own retries. */
const RETRIED = new Set(['sendMessage', 'sendDocument', 'editMessageText']);

/** What one try came to: Telegram's answer, or none at all (the network). */
export type Attempt =
  | { readonly answered: false }
  | { readonly answered: true; readonly ok: boolean; readonly code?: number; readonly retryAfter?: number };

/** How long to wait before the next try, or undefined to stop and hand back what the last one got. */
export function nextTryIn(attempt: Attempt, elapsedMs: number): number | undefined {
  if (attempt.answered && (attempt.ok || (attempt.code !== 429 && (attempt.code ?? 0) < 500)))
    return undefined;
  const wait =
    attempt.answered && attempt.code === 429 && attempt.retryAfter !== undefined
      ? attempt.retryAfter * 1_000
      : RETRY_EVERY_MS;
  return elapsedMs + wait <= RETRY_FOR_MS ? wait : undefined;
}

/** `stopped` ends every wait when the channel stops, so nothing is sent after the person disconnects. */
export function retrySends(stopped: AbortSignal): Transformer {
  return async (prev, method, payload, signal) => {
    if (!RETRIED.has(method)) return prev(method, payload, signal);
    const started = Date.now();
    for (;;) {
      let attempt: Attempt;
      let result: Awaited<ReturnType<typeof prev>> | undefined;
      let failure: unknown;
      try {
        result = await prev(method, payload, signal);
        attempt = result.ok
          ? { answered: true, ok: true }
          : {
              answered: true,
              ok: false,
              code: result.error_code,
              ...(result.parameters?.retry_after !== undefined
                ? { retryAfter: result.parameters.retry_after }
                : {}),
            };
      } catch (error) {
        if (!(error instanceof HttpError) || signal?.aborted) throw error;
        failure = error;
        attempt = { answered: false };
      }
      const wait = stopped.aborted ? undefined : nextTryIn(attempt, Date.now() - started);
      if (wait === undefined) {
        if (result) return result;
        throw failure;
      }
      // A call's own signal, aborted meanwhile, ends the loop at the next try.
      await sleep(wait, undefined, { signal: stopped });
    }
  };
}

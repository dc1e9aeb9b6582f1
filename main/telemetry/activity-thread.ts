/**
 * The console's side of the activity worker (activity-worker.ts): one worker for the console's life, each
 * call a message. Decoding the agents' telemetry and writing it is most of what the console would otherwise
 * do between two decisions; on the console's thread, even work that yields in slices left each decision
 * after it 1.3 to 1.4 times slower (bench/history: the caches it left cold), where on its own thread it
 * leaves them as they were.
 */
import { Worker } from 'node:worker_threads';
import { BadTelemetryBody } from './agent-activity';
import type { ActivityFiles } from '../history/activity-access';
import type { AgentActivity } from './agent-activity';

/** The worker bundle's name in out/cli/ (scripts/build-cli.mjs), without its extension. */
export const ACTIVITY_WORKER = 'activity-worker';

type Method = keyof AgentActivity;

export interface ActivityAsk {
  readonly id: number;
  readonly method: Method;
  readonly args: readonly unknown[];
}

export type ActivityAnswer =
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly error: string; readonly bad: boolean };

/** The worker's first message: its files are open, or why not. */
export type ActivityStart = { readonly opened: true } | { readonly opened: false; readonly error: string };

/** Starts the worker at `entry`; resolves once it has the files open, rejects with why it could not. */
export function startActivityThread(entry: URL | string, files: ActivityFiles): Promise<AgentActivity> {
  const worker = new Worker(entry, { workerData: files });
  // The console closes it; a process that ends without doing so must not be kept up by it.
  worker.unref();
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let ended: Error | undefined;
  const failAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of waiting.values()) reject(ended);
    waiting.clear();
  };

  const ask = (method: Method, args: readonly unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> => {
    if (ended) return Promise.reject(ended);
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, method, args } satisfies ActivityAsk, transfer);
    });
  };
  const activity: AgentActivity = {
    ingest: (body, options) => {
      // A body that owns its whole buffer moves to the worker without a copy; a small one shares Node's
      // buffer pool, which must not move, and is copied.
      const whole = body.bytes.byteOffset === 0 && body.bytes.byteLength === body.bytes.buffer.byteLength;
      const bytes = whole ? body.bytes : body.bytes.slice();
      return ask('ingest', [{ ...body, bytes }, options], [bytes.buffer as ArrayBuffer]) as ReturnType<
        AgentActivity['ingest']
      >;
    },
    sessions: (...args) => ask('sessions', args) as ReturnType<AgentActivity['sessions']>,
    sessionCalls: (...args) => ask('sessionCalls', args) as ReturnType<AgentActivity['sessionCalls']>,
    search: (...args) => ask('search', args) as ReturnType<AgentActivity['search']>,
    exportPage: (...args) => ask('exportPage', args) as ReturnType<AgentActivity['exportPage']>,
    purgeOlderThan: (cutoff) => void ask('purgeOlderThan', [cutoff]).catch(() => undefined),
    purged: () => ask('purged', []) as Promise<void>,
    async close() {
      if (!ended) await ask('close', []).catch(() => undefined);
      failAll(new Error('the activity record is closed'));
      await worker.terminate();
    },
  };

  return new Promise((resolve, reject) => {
    worker.once('message', (start: ActivityStart) => {
      if (!start.opened) return reject(new Error(start.error));
      worker.on('message', (answer: ActivityAnswer) => {
        const asker = waiting.get(answer.id);
        waiting.delete(answer.id);
        if (!('error' in answer)) asker?.resolve(answer.value);
        else asker?.reject(answer.bad ? new BadTelemetryBody(answer.error) : new Error(answer.error));
      });
      resolve(activity);
    });
    worker.on('error', (error) => {
      failAll(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the activity worker stopped (exit code ${code})`);
      failAll(error);
      reject(error);
    });
  });
}

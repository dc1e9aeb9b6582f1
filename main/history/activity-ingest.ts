/**
 * The agents' telemetry written a slice at a time, so that no other work of the thread waits behind it:
 * bodies are queued as they arrive and written at most `SLICE_MS` of work per turn of the event loop, with
 * `setImmediate` between. In the activity worker (main/telemetry/activity-worker.ts) the console's reads of
 * the record take their turn among them; inline, in a test's console, the decisions' group commit does.
 * A body is one transaction unless it is bigger than `CHUNK_EVENTS`: then it goes a chunk per transaction.
 * Every event's write is idempotent (the same event again leaves the same row), so a body that failed half
 * way and is sent again by the exporter ends as if written whole.
 */
import { guarded } from '../../common/guarded';
import type { AgentToolEvent } from '../../common/agent-tool-events';

/** The work one turn may do before it yields: a decision arriving meanwhile waits at most about this. */
export const SLICE_MS = 4;
/** Events per transaction at most: about a couple of milliseconds of writing. */
export const CHUNK_EVENTS = 100;

export interface ActivityIngest<J> {
  /** Queues one accepted body; resolves with what writing it returned, once it is all written. */
  add(events: readonly AgentToolEvent[]): Promise<readonly J[]>;
  /** Writes everything queued now (closing). */
  flush(): void;
}

interface Queued<J> {
  readonly events: readonly AgentToolEvent[];
  offset: number;
  readonly joins: J[];
  readonly resolve: (joins: readonly J[]) => void;
  readonly reject: (error: unknown) => void;
}

export function createActivityIngest<J>(
  write: (events: readonly AgentToolEvent[]) => readonly J[],
  now: () => number = () => performance.now(),
): ActivityIngest<J> {
  const queue: Queued<J>[] = [];
  let scheduled = false;

  /** Writes the next chunk of the first body; false once the queue is empty. */
  function writeOne(): boolean {
    const body = queue[0];
    if (body === undefined) return false;
    const chunk = body.events.slice(body.offset, body.offset + CHUNK_EVENTS);
    try {
      body.joins.push(...write(chunk));
    } catch (error) {
      queue.shift();
      body.reject(error);
      return queue.length > 0;
    }
    body.offset += chunk.length;
    if (body.offset >= body.events.length) {
      queue.shift();
      body.resolve(body.joins);
    }
    return queue.length > 0;
  }

  function slice() {
    scheduled = false;
    const end = now() + SLICE_MS;
    while (writeOne() && now() < end);
    if (queue.length > 0) schedule();
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => guarded('writing the agents’ activity', slice));
  }

  return {
    add(events) {
      if (events.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        queue.push({ events, offset: 0, joins: [], resolve, reject });
        schedule();
      });
    },
    flush() {
      while (writeOne());
    },
  };
}

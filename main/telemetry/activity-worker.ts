/**
 * The activity worker's entry (a node:worker_threads worker, bundled beside the console's own entry): the
 * agents' record (agent-activity.ts) on a thread of its own, answering the console's calls
 * (activity-thread.ts) one message each.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BadTelemetryBody, openAgentActivity } from './agent-activity';
import type { ActivityFiles } from '../history/activity-access';
import type { AgentActivity } from './agent-activity';
import type { ActivityAnswer, ActivityAsk, ActivityStart } from './activity-thread';

const port = parentPort!;

function open(): AgentActivity | undefined {
  try {
    return openAgentActivity(workerData as ActivityFiles);
  } catch (error) {
    // With nothing listening on the port, the worker ends once this is sent.
    port.postMessage({ opened: false, error: (error as Error).message } satisfies ActivityStart);
    return undefined;
  }
}

const activity = open();
if (activity) {
  port.postMessage({ opened: true } satisfies ActivityStart);
  port.on('message', ({ id, method, args }: ActivityAsk) => {
    const call = activity[method] as (...values: unknown[]) => unknown;
    Promise.resolve()
      .then(() => call(...args))
      .then(
        (value) => port.postMessage({ id, value } satisfies ActivityAnswer),
        (error: unknown) =>
          port.postMessage({
            id,
            error: (error as Error).message ?? String(error),
            bad: error instanceof BadTelemetryBody,
          } satisfies ActivityAnswer),
      );
  });
}

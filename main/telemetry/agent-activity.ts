/**
 * The agents' telemetry from an accepted body to the record: decoded with the OpenTelemetry definitions
 * (otlp-logs.ts), read as tool events (agent-events.ts) and kept in the activity file
 * (main/history/activity-database.ts), with the console's reads of that record. In the app and `gatehouse
 * serve` all of it runs in the activity worker (activity-worker.ts), so none of it is work the console's
 * thread does between two decisions; a console inside a test process runs it inline, the same code.
 */
import type { AgentToolEvent } from '../../common/agent-tool-events';
import type { SessionEventCall } from '../../common/protocol';
import { openActivityRecord } from '../history/activity-access';
import type { ActivityAccess, ActivityFiles } from '../history/activity-access';
import type { ActivityJoin } from '../history/activity-store';
import { agentToolEvents, retiringEvents } from './agent-events';
import { decodeLogs } from './otlp-logs';
import type { LogsEncoding } from './otlp-logs';

/** An accepted OTLP/HTTP logs body, inflated, as the endpoint read it. */
export interface TelemetryBody {
  readonly bytes: Uint8Array;
  readonly encoding: LogsEncoding;
  /** When it arrived: dates a record that carries no time of its own. */
  readonly receivedAt: number;
}

/** What the console's thread does something with of a body it handed over. */
export interface Ingested {
  /** How many tool events the body held, all now kept. */
  readonly kept: number;
  /** Its calls joined to a question Gatehouse asked. */
  readonly joins: readonly ActivityJoin[];
  /** Its calls that ended: each retires a card still waiting on it (agent-events.ts). */
  readonly ended: readonly SessionEventCall[];
  /** Every event of the body, only when asked for. */
  readonly events?: readonly AgentToolEvent[];
}

export interface IngestOptions {
  /**
   * Whether to hand back every event, for a listener to them (the compatibility suite's). Copied from the
   * worker to the console's thread, they were a tenth of what a body cost (bench/history).
   */
  readonly events: boolean;
}

/** A body that is not OTLP logs: the exporter is told so (400), and nothing of it is kept. */
export class BadTelemetryBody extends Error {
  override readonly name = 'BadTelemetryBody';
}

export interface AgentActivity extends ActivityAccess {
  /** Decodes and keeps one body whole, or nothing of it (`BadTelemetryBody` when it does not decode). */
  ingest(body: TelemetryBody, options: IngestOptions): Promise<Ingested>;
  /** Writes what is still queued and indexes it, then closes the file. */
  close(): Promise<void>;
}

/** The tool events of one body; `BadTelemetryBody` when it is not OTLP logs. */
export function decodeTelemetryBody(body: TelemetryBody): AgentToolEvent[] {
  try {
    return agentToolEvents(decodeLogs(body.bytes, body.encoding), body.receivedAt);
  } catch (error) {
    throw new BadTelemetryBody((error as Error).message, { cause: error });
  }
}

/** What the console's thread is handed of a body's `events`, of which `joins` were joined to questions. */
export function ingested(
  events: readonly AgentToolEvent[],
  joins: readonly ActivityJoin[],
  options: IngestOptions,
): Ingested {
  return { kept: events.length, joins, ended: retiringEvents(events), ...(options.events && { events }) };
}

/** The record on this thread. */
export function openAgentActivity(files: ActivityFiles): AgentActivity {
  const record = openActivityRecord(files);
  return {
    ...record,
    async ingest(body, options) {
      const events = decodeTelemetryBody(body);
      return ingested(events, await record.ingest(events), options);
    },
    close: async () => record.close(),
  };
}

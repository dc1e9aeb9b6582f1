/**
 * Gatehouse's own decisions as OpenTelemetry log records, sent to the collector the person configured
 * (docs/console.md, "Say who decided"): who won the race, the person, the latency and any rule written,
 * keyed by `session.id` and the agent's `tool_use_id` so a collector joins them to the agent's own
 * `tool_decision` records. The OpenTelemetry JS SDK batches and sends them off the decision's path: a
 * decision only appends to a bounded queue, and a collector that is down or slow drops records, with one
 * warning, never a decision.
 *
 * Claude Code's and Codex's permission hooks send no call id; the call id arrives with the agent's own
 * telemetry, once main/history/activity-store.ts joins the call to the question. A decision of theirs is
 * held for that join a few seconds at most, then sent with or without it.
 */
import { userInfo } from 'node:os';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import type { LogRecordExporter } from '@opentelemetry/sdk-logs';
import type { AnyValueMap, Logger } from '@opentelemetry/api-logs';
import { DECISION_EVENT_NAME } from '../../common/export-contract';
import type { AgentInfo, PermissionDecision, PermissionRequest, RacerKind } from '../../common/protocol';
import { summarizeRequest } from '../../common/request-summary';
import { GATEHOUSE_VERSION } from '../../common/version';

/** What the export reads of a recorded decision (main/history's `DecisionRecord` has this shape). */
export interface DecisionToExport {
  readonly request: PermissionRequest;
  readonly agent: AgentInfo;
  readonly decision: PermissionDecision;
  readonly channel?: string;
  readonly ruleWritten?: string;
  readonly receivedAt: number;
  readonly decidedAt: number;
}

/** A call of the agent's own telemetry joined to the question Gatehouse asked about it. */
export interface CallJoin {
  readonly requestId: string;
  readonly callId: string;
}

export interface ExportTarget {
  /** The collector's OTLP/HTTP logs URL, `/v1/logs` included. */
  readonly endpoint: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DecisionExporter {
  /** A decision history has recorded; returns at once. */
  decided(entry: DecisionToExport): void;
  /** Calls the agents' telemetry joined to questions: a held decision goes out with its call id. */
  joined(joins: readonly CallJoin[]): void;
  /** Sends to `target` from now on; undefined turns the export off, and what was waiting is dropped. */
  configure(target: ExportTarget | undefined): void;
  /** Sends everything held or queued now (tests, closing). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface DecisionExporterOptions {
  /** The OS user the console runs as: the person behind a console, notification, tray or terminal answer. */
  readonly osUser?: string;
  /** The paired Telegram chat, the person behind a phone answer. */
  readonly phoneChat?: () => { readonly id: string; readonly name?: string | undefined } | undefined;
  /** Told once when records start being dropped, and once more when the collector takes them again. */
  readonly onFailing?: (detail: string) => void;
  readonly onRecovered?: () => void;
  /** How long a decision of an agent with its own telemetry waits for its call id. */
  readonly joinWaitMs?: number;
  /** How often a batch goes out while records wait. */
  readonly batchDelayMs?: number;
  /** How long one export, its retries included, may take before its records are dropped. */
  readonly exportTimeoutMs?: number;
}

/** The agents whose own telemetry (main/telemetry/agent-events.ts) names the call a question was about. */
const TELEMETRY_AGENTS: ReadonlySet<string> = new Set(['claude-code', 'codex']);

const JOIN_WAIT_MS = 5_000;
/** A burst beyond these is dropped, not kept: the export may lose records, never memory or time. */
const MAX_QUEUE = 2_048;
const MAX_HELD = 1_000;
const MAX_JOINS = 1_000;
const EXPORT_TIMEOUT_MS = 10_000;
/** Closing sends what is queued, but a dead collector must not hold the console's exit for long. */
const CLOSE_WAIT_MS = 2_000;
const SUMMARY_CHARS = 160;

/** The racers a person answers through: the person is the OS user the console runs as. */
const AT_THIS_MACHINE: ReadonlySet<RacerKind> = new Set(['console', 'notification', 'tray', 'grant']);

export function createDecisionExporter(options: DecisionExporterOptions = {}): DecisionExporter {
  const osUser = options.osUser ?? userInfo().username;
  const joinWaitMs = options.joinWaitMs ?? JOIN_WAIT_MS;
  let sink: { readonly provider: LoggerProvider; readonly logger: Logger } | undefined;
  const held = new Map<string, { readonly entry: DecisionToExport; readonly timer: NodeJS.Timeout }>();
  const recentJoins = new Map<string, string>();

  const emit = (entry: DecisionToExport, callId: string | undefined) => {
    sink?.logger.emit({
      eventName: DECISION_EVENT_NAME,
      body: DECISION_EVENT_NAME,
      timestamp: entry.decidedAt,
      attributes: decisionAttributes(
        entry,
        callId,
        osUser,
        entry.decision.by === 'phone' ? options.phoneChat?.() : undefined,
      ),
    });
  };
  const release = (requestId: string, callId: string | undefined) => {
    const waiting = held.get(requestId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    held.delete(requestId);
    emit(waiting.entry, callId);
  };
  const dropHeld = () => {
    for (const { timer } of held.values()) clearTimeout(timer);
    held.clear();
  };

  return {
    decided(entry) {
      if (!sink) return;
      const { id } = entry.request;
      const joined = recentJoins.get(id);
      if (joined !== undefined || !TELEMETRY_AGENTS.has(entry.agent.name) || held.size >= MAX_HELD)
        return emit(entry, joined);
      const timer = setTimeout(() => release(id, undefined), joinWaitMs);
      timer.unref();
      held.set(id, { entry, timer });
    },
    joined(joins) {
      if (!sink) return;
      for (const { requestId, callId } of joins) {
        if (held.has(requestId)) {
          release(requestId, callId);
          continue;
        }
        // The agent's record can come first: a terminal answer is recorded once the transcript says so.
        recentJoins.set(requestId, callId);
        if (recentJoins.size > MAX_JOINS) recentJoins.delete(recentJoins.keys().next().value!);
      }
    },
    configure(target) {
      const previous = sink;
      dropHeld();
      recentJoins.clear();
      sink = target ? openSink(target, options) : undefined;
      // The old collector gets what was queued for it, without holding up the new settings.
      void previous?.provider.shutdown().catch(() => undefined);
    },
    async flush() {
      for (const id of [...held.keys()]) release(id, undefined);
      await sink?.provider.forceFlush();
    },
    async close() {
      dropHeld();
      const closing = sink;
      sink = undefined;
      if (!closing) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closing.provider.shutdown(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
    },
  };
}

/** The record's attributes; docs/console.md lists each, and nothing else leaves the machine. */
export function decisionAttributes(
  entry: DecisionToExport,
  callId: string | undefined,
  osUser: string,
  phoneChat: { readonly id: string; readonly name?: string | undefined } | undefined,
): AnyValueMap {
  const { request, decision } = entry;
  const attributes: AnyValueMap = {
    'event.name': DECISION_EVENT_NAME,
    // The names Claude Code's own records use, so a collector joins on them as they are.
    'session.id': request.sessionId,
    tool_name: request.tool,
    decision: decision.behavior,
    'gatehouse.request.id': request.id,
    'gatehouse.request.summary': summarizeRequest(request.tool, request.input, SUMMARY_CHARS).line.text,
    'gatehouse.agent': entry.agent.name,
    'gatehouse.decided_by': decidedBy(entry),
    'gatehouse.latency_ms': Math.max(0, entry.decidedAt - entry.receivedAt),
  };
  if (callId !== undefined) attributes.tool_use_id = callId;
  if (entry.channel !== undefined) attributes['gatehouse.channel'] = entry.channel;
  if (decision.message !== undefined) attributes['gatehouse.message'] = decision.message;
  const person = personOf(entry, osUser, phoneChat);
  if (person) Object.assign(attributes, person);
  const rules = rulesWritten(entry);
  if (rules.length > 0) attributes['gatehouse.rules_written'] = rules;
  return attributes;
}

/** The racer that won, with the agent's own racer named for what it was: its terminal dialog, or nobody. */
function decidedBy({ decision }: DecisionToExport): string {
  if (decision.by !== 'agent') return decision.by;
  return decision.behavior === 'passthrough' ? 'agent' : 'terminal';
}

function personOf(
  entry: DecisionToExport,
  osUser: string,
  phoneChat: { readonly id: string; readonly name?: string | undefined } | undefined,
): AnyValueMap | undefined {
  const by = decidedBy(entry);
  if (by === 'phone') {
    if (!phoneChat) return undefined;
    return {
      'gatehouse.person.telegram_chat': phoneChat.id,
      ...(phoneChat.name ? { 'gatehouse.person.telegram_chat_name': phoneChat.name } : {}),
    };
  }
  if (by === 'terminal' || AT_THIS_MACHINE.has(entry.decision.by)) return { 'user.name': osUser };
  return undefined;
}

/** Each rule the answer added, as `<behavior> <Rule(content)> in <destination>`. */
function rulesWritten({ decision, ruleWritten }: DecisionToExport): string[] {
  const rules = (decision.updatedPermissions ?? []).flatMap((update) =>
    update.type === 'addRules'
      ? update.rules.map(
          (rule) =>
            `${update.behavior} ${rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`} in ${update.destination}`,
        )
      : [],
  );
  return ruleWritten !== undefined && rules.length === 0 ? [ruleWritten] : rules;
}

function openSink(
  target: ExportTarget,
  options: DecisionExporterOptions,
): { readonly provider: LoggerProvider; readonly logger: Logger } {
  const exporter = reportingFailures(
    withoutOtlpEnvironment(
      () =>
        new OTLPLogExporter({
          url: target.endpoint,
          headers: { ...target.headers },
          timeoutMillis: options.exportTimeoutMs ?? EXPORT_TIMEOUT_MS,
          httpAgentOptions: { keepAlive: true },
        }),
    ),
    options,
  );
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': 'gatehouse', 'service.version': GATEHOUSE_VERSION }),
    processors: [
      new BatchLogRecordProcessor(exporter, {
        maxQueueSize: MAX_QUEUE,
        maxExportBatchSize: 512,
        scheduledDelayMillis: options.batchDelayMs ?? 1_000,
        exportTimeoutMillis: options.exportTimeoutMs ?? EXPORT_TIMEOUT_MS,
      }),
    ],
  });
  return { provider, logger: provider.getLogger('gatehouse', GATEHOUSE_VERSION) };
}

/**
 * The SDK's exporter adds the process environment's OTLP headers, certificates, compression and timeout
 * to what it is given (`OTEL_EXPORTER_OTLP_HEADERS`, …), read once as it is made. Those are the settings
 * of some other exporter, often an agent's, with its collector's credentials: Gatehouse's records go only
 * where, and with only what, its own settings say.
 */
function withoutOtlpEnvironment<T>(make: () => T): T {
  const saved = Object.entries(process.env).filter(([name]) => name.startsWith('OTEL_EXPORTER_OTLP_'));
  for (const [name] of saved) delete process.env[name];
  try {
    return make();
  } finally {
    for (const [name, value] of saved) process.env[name] = value;
  }
}

type ExportResult = Parameters<Parameters<LogRecordExporter['export']>[1]>[0];
/** `ExportResultCode.SUCCESS` of @opentelemetry/core. */
const EXPORTED = 0;

/** The exporter, saying once that records are being dropped and once that they go out again. */
function reportingFailures(exporter: LogRecordExporter, options: DecisionExporterOptions): LogRecordExporter {
  let failing = false;
  return {
    export(records, done) {
      exporter.export(records, (result: ExportResult) => {
        if (result.code !== EXPORTED && !failing) {
          failing = true;
          options.onFailing?.(result.error?.message ?? 'the collector did not take the records');
        } else if (result.code === EXPORTED && failing) {
          failing = false;
          options.onRecovered?.();
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
  };
}

/**
 * The console without a window: registry, bridge, web console and discovery file, wired together. Both
 * `gatehouse serve` and the Electron app start exactly this; the app adds windows on top. Each step lives
 * in its own module; this file only orders them, and closes them in reverse.
 */
import type { ConsoleStatus, ConsoleWarning } from '../../common/console-contract';
import type { View } from '../../common/console-views';
import { BRIDGE_PATH } from '../../common/protocol';
import { GATEHOUSE_VERSION } from '../../common/version';
import { preparePrivateHome } from '../../files/private-home';
import { startHeartbeat } from '../bridge/heartbeat';
import { DEFAULT_LIMITS } from '../bridge/limits';
import type { BridgeLimits } from '../bridge/limits';
import { createClassifierHandlers } from '../console/classifier-handlers';
import { createExportHandlers } from '../console/export-handlers';
import { createConsoleService } from '../console/console-service';
import type { ConsoleService } from '../console/console-service';
import { createProposalsService } from '../console/proposals-handlers';
import type { ProposalsService } from '../console/proposals-handlers';
import { startProposalsThread } from '../console/proposals-thread';
export { PROPOSALS_WORKER } from '../console/proposals-thread';
export { ACTIVITY_WORKER } from '../telemetry/activity-thread';
import { createRulesService } from '../console/rules-handlers';
import type { RulesService } from '../console/rules-handlers';
import { observeRecords } from '../history/decision-store';
import type { DecisionStore, RecentRequests } from '../history/decision-store';
import { defaultNeedsSecondLook, startNotifier } from '../notify';
import type { NotificationOptions, Notifier } from '../notify';
import { createPhoneHandlers } from '../phone/phone-handlers';
import { PhoneLink } from '../phone/phone-link';
import { programNamesWith } from '../phone/program-names';
import type { RaceRegistry } from '../registry/race-registry';
import type { CodexProgram } from '../rules/codex/exec-policy-check';
import { openExamplesStore } from '../rules/editor/examples-store';
import type { ProjectScope } from '../rules/editor/project-folder';
import { previewRule } from '../rules/rule-preview';
import type { KeychainLike } from '../secrets/keychain';
import { listenLoopback } from '../server/loopback-server';
import type { LoopbackServer } from '../server/loopback-server';
import { loadConsoleSettings } from '../settings/console-settings';
import { saveProposalsEnabled } from '../settings/proposals-setting';
import type { ConsoleSettings } from '../settings/console-settings';
import { createConsolePasses } from '../web/console-passes';
import type { ConsolePasses } from '../web/console-passes';
import { openSecretKeeper } from '../web/kept-secrets';
import { prepareAnnouncement } from './bridge-announcement';
import type { BridgeAnnouncement } from './bridge-announcement';
import { loadBridgeCredentials } from './bridge-credentials';
import type { BridgeCredentials } from './bridge-credentials';
import { createConsoleWarnings } from './console-warnings';
import { listenOnRememberedPort } from './remembered-port';
import { readRememberedPort, rememberPort } from '../../files/console-port';
import type { ConsoleWarnings } from './console-warnings';
import { startDecisionRoom } from './decision-room';
import type { DecisionRoom } from './decision-room';
import { openHistory } from './open-history';
import type { OpenedHistory } from './open-history';
import {
  bridgeRoute,
  consoleRequests,
  otlpLogsRoute,
  preToolUseRoute,
  telemetryTokenCheck,
  webConsolePages,
  webConsoleRoute,
} from './routes';
import { createSignal } from '../../common/signal';
import { guarded } from '../../common/guarded';
import { startDecisionExport } from './decision-export-room';
import type { DecisionExportRoom } from './decision-export-room';
import type { Signal } from '../../common/signal';
import { loadOrCreateTelemetryToken } from '../../files/telemetry-token';
import type { AgentToolEvent } from '../../common/agent-tool-events';
import { decodeTelemetryBody, ingested } from '../telemetry/agent-activity';

export interface ConsoleCoreOptions {
  readonly home: string;
  /**
   * 0 picks a free port; `remembered` takes the port of the last start when it is free (main/core/
   * remembered-port.ts). Whichever it listens on is remembered for the next start.
   */
  readonly port: number | 'remembered';
  /** The built renderer, served as the web console; omit to serve no pages (the Electron app loads its own). */
  readonly rendererDir?: string;
  /**
   * The bundled proposals worker (main/console/proposals-worker.ts), where rule proposals are worked out off
   * the console's thread; omitted (a console inside a test process), they are worked out inline.
   */
  readonly proposalsWorker?: URL;
  /**
   * The bundled activity worker (main/telemetry/activity-worker.ts), where the agents' telemetry is decoded
   * and kept off the console's thread; omitted (a console inside a test process), that is done inline.
   */
  readonly activityWorker?: URL;
  readonly timeoutMs: number;
  readonly timeoutAction: 'passthrough' | 'deny';
  readonly allowedOrigins?: readonly string[];
  readonly limits?: Partial<BridgeLimits>;
  readonly store?: DecisionStore & RecentRequests;
  /** Where the bridge token rests; the OS keychain through keytar when omitted. */
  readonly keychain?: KeychainLike;
  /** The user's home folder, where their agent settings live (tests point it at a temp dir). */
  readonly userHome?: string;
  /** Replaces the managed policy file when explaining requests (tests). */
  readonly policyFile?: string;
  /** How to run Codex for its exec-policy verdicts; `codex` on PATH when omitted. */
  readonly codex?: CodexProgram;
  /** OS notifications as a racer; off unless given (`gatehouse serve --notify`, the desktop app). */
  readonly notifications?: NotificationOptions | false;
  /** Brings a view's desktop window forward when one of the app's windows asks (the desktop app only). */
  readonly showView?: (view: View, options: { readonly cwd?: string; readonly rule?: string }) => void;
  /** How long the desk has had no input (the desktop app); the phone's "away" uses it with the switch. */
  readonly idleMs?: () => number;
  /** Tests: how long one export of decisions may take, how often a batch goes out, the wait for a call id. */
  readonly exportTuning?: Parameters<typeof startDecisionExport>[0]['tuning'];
}

export interface ConsoleCore {
  readonly port: number;
  readonly registry: RaceRegistry;
  readonly service: ConsoleService;
  /** Present when notifications were asked for, even if this machine cannot show them (see warnings). */
  readonly notifier: Notifier | undefined;
  /** The phone channel: its token, paired chat and racer. */
  readonly phone: PhoneLink;
  /** A new address of the web console, a one-time code in its fragment (see main/web/console-passes). */
  webLink(): string;
  readonly discoveryPath: string;
  /** What a person should see: a broken settings file, a token stored without a keychain. */
  readonly warnings: readonly ConsoleWarning[];
  /** Gatehouse's decisions to the person's collector (main/core/decision-export-room.ts). */
  readonly decisionExport: Pick<DecisionExportRoom, 'exporter'>;
  /** The agents' own tool decisions and results, one emit per accepted OTLP body (main/telemetry/). */
  readonly agentEvents: Pick<Signal<readonly AgentToolEvent[]>, 'subscribe'>;
  close(): Promise<void>;
}

/** How many past requests a rule preview looks at. */
const PREVIEW_WINDOW = 5_000;

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;

export async function startConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  await preparePrivateHome(options.home);
  const warnings = createConsoleWarnings();
  const settings = await readSettings(options.home, warnings);
  const credentials = await loadBridgeCredentials(options.home, options.keychain, warnings);
  const announcement = prepareAnnouncement(options.home, credentials);
  const history = await openHistory({
    home: options.home,
    store: options.store,
    retentionDays: settings.history?.retentionDays,
    onWarning: warnings.add,
    activityWorker: options.activityWorker,
  });
  // The phone is linked once decisions can be made; a phone answer needs its chat only after that.
  const linked: { phone?: PhoneLink } = {};
  const decisionExport = await startDecisionExport({
    home: options.home,
    settings: settings.decisionExport,
    ...(options.keychain ? { secrets: { keychain: options.keychain } } : {}),
    phoneChat: () => linked.phone?.state().chat,
    warnings,
    ...(options.exportTuning ? { tuning: options.exportTuning } : {}),
  });
  const decisions = await startDecisionRoom({
    // Where a decision becomes durable is the one place it is handed to the export.
    store: observeRecords(history.store, (entry) =>
      guarded('exporting a decision', () => decisionExport.exporter.decided(entry)),
    ),
    timeoutMs: options.timeoutMs,
    timeoutAction: options.timeoutAction,
    userHome: options.userHome,
    policyFile: options.policyFile,
    codex: options.codex,
    home: options.home,
    classifier: settings.classifier,
    keychain: options.keychain,
  });
  decisions.outcomes.amended.subscribe(() => history.changes.notify('requests'));
  decisions.retryRecorded.subscribe(() => history.changes.notify('requests'));
  const notifier = options.notifications
    ? await startNotifier(decisions.registry, options.notifications, warnings.add)
    : undefined;
  const phone = linkPhone(options, settings, decisions, notifier, warnings);
  linked.phone = phone;
  const status = (): ConsoleStatus => ({
    version: GATEHOUSE_VERSION,
    tokenStorage: credentials.current().storage,
    warnings: warnings.list,
  });
  const { service, rules, proposals } = await serveConsole(options, {
    history,
    decisions,
    phone,
    status,
    announcement,
    settings,
    decisionExport,
  });
  // The web console's links are not the bridge token: an agent that can read bridge.json must not be able
  // to drive the console and approve its own requests.
  const keeper = await openSecretKeeper(options.home);
  const passes = createConsolePasses(Date.now, keeper);
  const limits: BridgeLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const agentEvents = createSignal<readonly AgentToolEvent[]>();
  const acceptsTelemetry = telemetryTokenCheck(options.home, await loadOrCreateTelemetryToken(options.home));
  const preToolUse = preToolUseRoute({
    accepts: acceptsTelemetry,
    retries: decisions.retries,
    letThrough: decisions.retriedThroughHook,
  });
  const otlpLogs = otlpLogsRoute({
    accepts: acceptsTelemetry,
    ingest: async (body) => {
      const wanted = { events: agentEvents.listened() };
      // With a test's own decision store nothing is kept, but the calls that ended still retire cards.
      const { joins, ended, events } = history.activity
        ? await history.activity.ingest(body, wanted)
        : ingested(decodeTelemetryBody(body), [], wanted);
      decisionExport.exporter.joined(joins);
      history.changes.notify('activity');
      for (const call of ended) decisions.registry.retire(call);
      if (events) agentEvents.emit(events);
    },
  });
  const parts = {
    registry: decisions.registry,
    limits,
    credentials,
    service,
    passes,
    otlpLogs,
    preToolUse,
  };
  const server =
    options.port === 'remembered'
      ? await listenOnRememberedPort(
          await readRememberedPort(options.home),
          (port) => listen(port, options, settings, parts),
          warnings.add,
        )
      : await listen(options.port, options, settings, parts);
  await rememberPort(options.home, server.port);
  const stopHeartbeat = startHeartbeat(server.sockets(BRIDGE_PATH), limits.heartbeatMs);
  const discoveryPath = await announcement.publish(server.port);

  let closing: Promise<void> | undefined;
  return {
    port: server.port,
    registry: decisions.registry,
    service,
    notifier,
    phone,
    webLink: () => `http://127.0.0.1:${server.port}/#code=${passes.issueCode()}`,
    discoveryPath,
    warnings: warnings.list,
    decisionExport,
    agentEvents,
    close() {
      // bridge.json goes first, so no agent finds a console that is closing; the registry flushes its last
      // commits while the listener can still deliver them; history closes once nothing can record.
      closing ??= (async () => {
        stopHeartbeat();
        await announcement.withdraw();
        // Before the sockets close, so the secrets their tabs hold stay live for the next start.
        passes.stop();
        await keeper.flush();
        await phone.close();
        notifier?.close();
        rules.close();
        proposals.close();
        decisions.close();
        await server.close();
        await history.close();
        await decisionExport.close();
      })();
      return closing;
    },
  };
}

async function readSettings(home: string, warnings: ConsoleWarnings): Promise<ConsoleSettings> {
  const { settings, warning } = await loadConsoleSettings(home);
  if (warning !== undefined) warnings.add(warning);
  return settings;
}

function linkPhone(
  options: ConsoleCoreOptions,
  settings: ConsoleSettings,
  decisions: DecisionRoom,
  notifier: Notifier | undefined,
  warnings: ConsoleWarnings,
): PhoneLink {
  return new PhoneLink({
    home: options.home,
    source: decisions.registry,
    amended: decisions.outcomes.amended,
    needsSecondLook: defaultNeedsSecondLook,
    programNames: programNamesWith(decisions.bash),
    settings: settings.channels?.telegram,
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
    doNotDisturb: () => notifier?.doNotDisturb ?? false,
    onWarning: warnings.add,
  });
}

/** The contract's handlers over every room: the queue, the rule editor, history, the phone, the status. */
async function serveConsole(
  options: ConsoleCoreOptions,
  parts: {
    readonly history: OpenedHistory;
    readonly decisions: DecisionRoom;
    readonly phone: PhoneLink;
    readonly status: () => ConsoleStatus;
    readonly announcement: BridgeAnnouncement;
    readonly settings: ConsoleSettings;
    readonly decisionExport: DecisionExportRoom;
  },
): Promise<{
  readonly service: ConsoleService;
  readonly rules: RulesService;
  readonly proposals: ProposalsService;
}> {
  const { history, decisions, phone } = parts;
  const { bash, registry, userHome } = decisions;
  const { store } = history;
  const scope = { home: userHome, ...(options.policyFile ? { policyFile: options.policyFile } : {}) };
  const rules = createRulesService({
    scope,
    bash,
    examples: await openExamplesStore(options.home),
    recentRequests: () => store.recentRequests(PREVIEW_WINDOW),
    pendingFolders: () => registry.pending().map((request) => request.cwd),
  });
  const proposals = proposalsOf(options, parts, { bash, scope, rules });
  const service = createConsoleService({
    registry,
    grants: decisions.grants,
    standing: decisions.standing,
    rules,
    previewRule: (rule, cwd) => previewRule(rule, cwd, store.recentRequests(PREVIEW_WINDOW), bash, userHome),
    status: parts.status,
    rotateToken: async () => {
      await parts.announcement.rotate();
      return parts.status();
    },
    ...(options.showView ? { showView: options.showView } : {}),
    history: history.handlers,
    historyChanges: history.changes,
    phone: { handlers: createPhoneHandlers(phone), changed: phone.changed },
    classifier: createClassifierHandlers({
      classifier: decisions.classifier,
      history: history.handlers,
      home: userHome,
      ...(options.policyFile ? { policyFile: options.policyFile } : {}),
    }),
    proposals,
    decisionExport: createExportHandlers(parts.decisionExport),
  });
  return { service, rules, proposals };
}

function proposalsOf(
  options: ConsoleCoreOptions,
  parts: { readonly history: OpenedHistory; readonly settings: ConsoleSettings },
  room: { readonly bash: DecisionRoom['bash']; readonly scope: ProjectScope; readonly rules: RulesService },
): ProposalsService {
  const file = parts.history.file;
  const thread =
    options.proposalsWorker && file !== undefined
      ? startProposalsThread(options.proposalsWorker, { file, scope: room.scope })
      : undefined;
  const proposals = createProposalsService({
    history: parts.history.proposals,
    bash: room.bash,
    scope: room.scope,
    enabled: parts.settings.proposals.enabled,
    saveEnabled: (enabled) => saveProposalsEnabled(options.home, enabled),
    rules: room.rules.handlers,
    now: Date.now,
    ...(thread ? { workOut: (now: number) => thread.workOut(now) } : {}),
  });
  // A decision, a purge or a settings file changed: the counts a proposal rests on may have moved.
  parts.history.changes.changed.subscribe((change) => change.requests && proposals.invalidate());
  room.rules.subscribe(() => proposals.invalidate());
  if (thread === undefined) return proposals;
  return {
    ...proposals,
    close: () => {
      proposals.close();
      void thread.close();
    },
  };
}

/** The one loopback socket: the bridge for agents, the web console's channel and its pages, the agents' telemetry. */
function listen(
  port: number,
  options: ConsoleCoreOptions,
  settings: ConsoleSettings,
  parts: {
    readonly registry: RaceRegistry;
    readonly limits: BridgeLimits;
    readonly credentials: BridgeCredentials;
    readonly service: ConsoleService;
    readonly passes: ConsolePasses;
    readonly otlpLogs: ReturnType<typeof otlpLogsRoute>;
    readonly preToolUse: ReturnType<typeof preToolUseRoute>;
  },
): Promise<LoopbackServer> {
  return listenLoopback({
    port,
    routes: [
      bridgeRoute({
        registry: parts.registry,
        limits: parts.limits,
        consoleVersion: GATEHOUSE_VERSION,
        token: () => parts.credentials.current().token,
        allowedOrigins: options.allowedOrigins ?? settings.bridge.allowedOrigins,
      }),
      webConsoleRoute({ service: parts.service, passes: parts.passes }),
    ],
    onRequest: consoleRequests(webConsolePages(options.rendererDir), parts.otlpLogs, parts.preToolUse),
  });
}

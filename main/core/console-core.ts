/**
 * The console without a window: registry, bridge, web console and discovery file, wired together. Both
 * `gatehouse serve` and the Electron app start exactly this; the app adds windows on top. Each step lives
 * in its own module here; this file only orders them, and closes them in reverse.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConsoleWarning } from '../../common/console-contract';
import type { View } from '../../common/console-views';
import { DISCOVERY_FILE } from '../../common/discovery';
import type { DiscoveryFile } from '../../common/discovery';
import { BRIDGE_PATH, PROTOCOL_VERSION } from '../../common/protocol';
import { GATEHOUSE_VERSION } from '../../common/version';
import { removeDiscoveryFile, writeDiscoveryFile } from '../bridge/discovery-file';
import { startHeartbeat } from '../bridge/heartbeat';
import { DEFAULT_LIMITS } from '../bridge/limits';
import type { BridgeLimits } from '../bridge/limits';
import { createConsoleService } from '../console/console-service';
import type { ConsoleService } from '../console/console-service';
import { createRulesService } from '../console/rules-handlers';
import type { DecisionStore, RecentRequests } from '../history/decision-store';
import type { RaceRegistry } from '../registry/race-registry';
import { startNotifier } from '../notify';
import { defaultNeedsSecondLook } from '../notify/second-look';
import { createPhoneHandlers } from '../phone/phone-handlers';
import { PhoneLink } from '../phone/phone-link';
import type { NotificationOptions, Notifier } from '../notify';
import type { CodexProgram } from '../rules/codex/exec-policy-check';
import { previewRule } from '../rules/rule-preview';
import { openExamplesStore } from '../rules/editor/examples-store';
import type { KeychainLike } from '../secrets/keychain';
import { listenLoopback } from '../server/loopback-server';
import { loadConsoleSettings } from '../settings/console-settings';
import { preparePrivateHome } from '../../files/private-home';
import { createConsolePasses } from '../web/console-passes';
import { loadBridgeCredentials } from './bridge-credentials';
import { startDecisionRoom } from './decision-room';
import { openHistory } from './open-history';
import { bridgeRoute, webConsolePages, webConsoleRoute } from './routes';

export interface ConsoleCoreOptions {
  readonly home: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The built renderer, served as the web console; omit to serve no pages (the Electron app loads its own). */
  readonly rendererDir?: string;
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
  readonly showView?: (view: View, options: { readonly cwd?: string }) => void;
  /** How long the desk has had no input (the desktop app); the phone's "away" uses it with the switch. */
  readonly idleMs?: () => number;
}

/** How many past requests a rule preview looks at. */
const PREVIEW_WINDOW = 5_000;

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
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
export async function startConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  await preparePrivateHome(options.home);
  const limits: BridgeLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const { settings, warning: settingsWarning } = await loadConsoleSettings(options.home);
  const warnings: ConsoleWarning[] = [];
  const warn = (warning: ConsoleWarning): void => {
    warnings.push(warning);
  };
  if (settingsWarning !== undefined) warnings.push(settingsWarning);
  const credentials = await loadBridgeCredentials(options.home, options.keychain, warnings);
  // The web console's links are not the bridge token: an agent that can read bridge.json must not be able
  // to drive the console and approve its own requests.
  const passes = createConsolePasses();

  const history = openHistory({
    home: options.home,
    store: options.store,
    retentionDays: settings.history?.retentionDays,
    onWarning: warn,
  });
  const { store } = history;
  const decisions = await startDecisionRoom({
    store,
    timeoutMs: options.timeoutMs,
    timeoutAction: options.timeoutAction,
    userHome: options.userHome,
    policyFile: options.policyFile,
    codex: options.codex,
  });
  const { bash, registry, userHome } = decisions;
  decisions.outcomes.amended.subscribe(() => history.changes.notify());
  const notifier = options.notifications
    ? await startNotifier(registry, options.notifications, warn)
    : undefined;

  const phone = new PhoneLink({
    home: options.home,
    source: registry,
    amended: decisions.outcomes.amended,
    needsSecondLook: defaultNeedsSecondLook,
    settings: settings.channels?.telegram,
    ...(options.keychain ? { keychain: options.keychain } : {}),
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
    doNotDisturb: () => notifier?.doNotDisturb ?? false,
    onWarning: warn,
  });

  const status = () => ({
    version: GATEHOUSE_VERSION,
    tokenStorage: credentials.current().storage,
    warnings,
  });
  // Written once the socket listens (before any handler can run); rotation rewrites it with the new token.
  let discovery: DiscoveryFile;
  const rotate = async () => {
    discovery = { ...discovery, token: (await credentials.rotate()).token };
    await writeDiscoveryFile(options.home, discovery);
    return status();
  };
  const rules = createRulesService({
    scope: { home: userHome, ...(options.policyFile ? { policyFile: options.policyFile } : {}) },
    bash,
    examples: await openExamplesStore(options.home),
    recentRequests: () => store.recentRequests(PREVIEW_WINDOW),
    pendingFolders: () => registry.pending().map((request) => request.cwd),
  });
  const service = createConsoleService({
    registry,
    grants: decisions.grants,
    standing: decisions.standing,
    rules,
    previewRule: (rule, cwd) => previewRule(rule, cwd, store.recentRequests(PREVIEW_WINDOW), bash, userHome),
    status,
    rotateToken: rotate,
    ...(options.showView ? { showView: options.showView } : {}),
    history: history.handlers,
    historyChanges: history.changes,
    phone: { handlers: createPhoneHandlers(phone), changed: phone.changed },
  });

  const server = await listenLoopback({
    port: options.port,
    routes: [
      bridgeRoute({
        registry,
        limits,
        consoleVersion: GATEHOUSE_VERSION,
        token: () => credentials.current().token,
        allowedOrigins: options.allowedOrigins ?? settings.bridge.allowedOrigins,
      }),
      webConsoleRoute({ service, passes }),
    ],
    onRequest: webConsolePages(options.rendererDir),
  });
  const stopHeartbeat = startHeartbeat(server.sockets(BRIDGE_PATH), limits.heartbeatMs);

  discovery = {
    protocol: PROTOCOL_VERSION,
    port: server.port,
    pid: process.pid,
    token: credentials.current().token,
  };
  const discoveryPath = await writeDiscoveryFile(options.home, discovery);

  let closing: Promise<void> | undefined;
  return {
    port: server.port,
    registry,
    service,
    notifier,
    phone,
    webLink: () => `http://127.0.0.1:${server.port}/#code=${passes.issueCode()}`,
    discoveryPath,
    warnings,
    close() {
      closing ??= (async () => {
        stopHeartbeat();
        await removeDiscoveryFile(discoveryPath, discovery, () =>
          readFile(join(options.home, DISCOVERY_FILE), 'utf8'),
        );
        await phone.close();
        notifier?.close();
        rules.close();
        decisions.close();
        await server.close();
        history.close();
      })();
      return closing;
    },
  };
}

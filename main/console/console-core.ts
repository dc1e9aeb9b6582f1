/**
 * The console without a window: registry, bridge, web console and discovery file, wired together. Both
 * `gatehouse serve` and the Electron app start exactly this; the app adds windows on top.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_PATH } from '../../common/console-contract';
import type { View } from '../../common/console-views';
import { DISCOVERY_FILE } from '../../common/discovery';
import type { DiscoveryFile } from '../../common/discovery';
import { BRIDGE_PATH, PROTOCOL_VERSION } from '../../common/protocol';
import { serveAgentConnection } from '../bridge/agent-connection';
import { removeDiscoveryFile, writeDiscoveryFile } from '../bridge/discovery-file';
import { startHeartbeat } from '../bridge/heartbeat';
import { DEFAULT_LIMITS } from '../bridge/limits';
import type { BridgeLimits } from '../bridge/limits';
import { guardBridgeUpgrade, guardConsoleUpgrade } from '../bridge/upgrade-guard';
import type { DecisionStore } from '../registry/decision-store';
import { RaceRegistry } from '../registry/race-registry';
import { startNotifier } from '../notify';
import type { NotificationOptions, Notifier } from '../notify';
import { generateToken } from '../secrets/token';
import { loadOrCreateToken, rotateToken } from '../secrets/token-store';
import type { StoredToken } from '../secrets/token-store';
import type { KeychainLike } from '../secrets/keychain';
import { createSqliteHistory, HISTORY_FILE } from '../history';
import type { History } from '../history';
import { serveConsoleChannel } from '../web/console-channel';
import { createStaticSite } from '../web/static-site';
import { createConsoleService } from './console-service';
import type { ConsoleService } from './console-service';
import { loadConsoleSettings } from './console-settings';
import { createHistoryChanges } from './history-changes';
import { createHistoryHandlers, unavailableHistoryHandlers } from './history-handlers';
import { startRetention } from './history-retention';
import { saveRetentionDays } from './retention-setting';
import { listenLoopback } from './loopback-server';
import { loadBashSupport } from '../../engine';
import { GrantBook } from '../rules/grant-book';
import { memoizeBash } from '../rules/memoized-bash';
import { createRequestExplainer } from '../rules/request-explainer';
import { previewRule } from '../rules/rule-preview';
import { createScreening } from '../rules/screen-request';
import { openExamplesStore } from '../rules/editor/examples-store';
import { createRulesService } from './rules-handlers';

export const CONSOLE_VERSION = '0.1.0';

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
  readonly store?: DecisionStore;
  /** Where the bridge token rests; the OS keychain through keytar when omitted. */
  readonly keychain?: KeychainLike;
  /** The user's home folder, where their agent settings live (tests point it at a temp dir). */
  readonly userHome?: string;
  /** Replaces the managed policy file when explaining requests (tests). */
  readonly policyFile?: string;
  /** OS notifications as a racer; off unless given (`gatehouse serve --notify`, the desktop app). */
  readonly notifications?: NotificationOptions | false;
  /** Brings a view's desktop window forward when one of the app's windows asks (the desktop app only). */
  readonly showView?: (view: View, options: { readonly cwd?: string }) => void;
}

/** How many past requests a rule preview looks at. */
const PREVIEW_WINDOW = 5_000;

export interface ConsoleCore {
  readonly port: number;
  readonly registry: RaceRegistry;
  readonly service: ConsoleService;
  /** Present when notifications were asked for, even if this machine cannot show them (see warnings). */
  readonly notifier: Notifier | undefined;
  /** The web console's address, the console token in its fragment. */
  readonly webUrl: string;
  readonly discoveryPath: string;
  /** Sentences a person should see: a broken settings file, a token stored without a keychain. */
  readonly warnings: readonly string[];
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** After a person leaves a request they had open, the timeout waits at least this long. */
export const RESUME_GRACE_MS = 5_000;

/** The history the console keeps, unless a test gave it a decision store of its own. */
function openStore(options: ConsoleCoreOptions): { store: DecisionStore; history?: History } {
  if (options.store) return { store: options.store };
  const history = createSqliteHistory(join(options.home, HISTORY_FILE), { checkpointInBackground: true });
  return { store: history, history };
}

export async function startConsoleCore(options: ConsoleCoreOptions): Promise<ConsoleCore> {
  await mkdir(options.home, { recursive: true, mode: 0o700 });
  const limits: BridgeLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const { settings, warning: settingsWarning } = await loadConsoleSettings(options.home);
  const allowedOrigins = options.allowedOrigins ?? settings.bridge.allowedOrigins;
  const tokenOptions = options.keychain ? { keychain: options.keychain } : {};
  let stored = await loadOrCreateToken(options.home, tokenOptions);
  // The console token is not the bridge token: an agent that can read bridge.json must not be able to
  // drive the console and approve its own requests.
  const consoleToken = generateToken();

  const { store, history } = openStore(options);
  const bash = memoizeBash(await loadBashSupport());
  const userHome = options.userHome ?? homedir();
  const grants = new GrantBook(bash);
  const explain = createRequestExplainer({
    bash,
    home: userHome,
    ...(options.policyFile ? { policyFile: options.policyFile } : {}),
  });
  const registry = new RaceRegistry({
    store,
    defaultTimeoutMs: options.timeoutMs,
    timeoutAction: options.timeoutAction,
    disconnectGraceMs: 10_000,
    resumeGraceMs: RESUME_GRACE_MS,
    screen: createScreening(explain, grants),
  });
  const tokenWarning = (token: StoredToken) => (token.storage === 'file' ? token.warning : undefined);
  const warnings = [settingsWarning, tokenWarning(stored)].filter((w): w is string => w !== undefined);
  const status = () => ({ version: CONSOLE_VERSION, tokenStorage: stored.storage, warnings });
  // Written once the socket listens (before any handler can run); rotation rewrites it with the new token.
  let discovery: DiscoveryFile;
  const rotate = async () => {
    const before = tokenWarning(stored);
    stored = await rotateToken(options.home, tokenOptions);
    const after = tokenWarning(stored);
    const at = before === undefined ? -1 : warnings.indexOf(before);
    if (at >= 0) warnings.splice(at, 1);
    if (after !== undefined) warnings.push(after);
    discovery = { ...discovery, token: stored.token };
    await writeDiscoveryFile(options.home, discovery);
    return status();
  };
  const historyChanges = createHistoryChanges(Date.now);
  const retention = history
    ? startRetention({
        history,
        days: settings.history?.retentionDays,
        now: Date.now,
        onPurged: () => historyChanges.notify(),
        onError: (sentence) => warnings.push(sentence),
      })
    : undefined;
  const notifier = options.notifications
    ? await startNotifier(registry, options.notifications, (sentence) => warnings.push(sentence))
    : undefined;
  const rules = createRulesService({
    scope: { home: userHome, ...(options.policyFile ? { policyFile: options.policyFile } : {}) },
    bash,
    examples: await openExamplesStore(options.home),
    recentRequests: () => store.recentRequests(PREVIEW_WINDOW),
    pendingFolders: () => registry.pending().map((request) => request.cwd),
  });
  const service = createConsoleService({
    registry,
    grants,
    rules,
    previewRule: (rule, cwd) => previewRule(rule, cwd, store.recentRequests(PREVIEW_WINDOW), bash, userHome),
    status,
    rotateToken: rotate,
    ...(options.showView ? { showView: options.showView } : {}),
    history:
      history && retention
        ? createHistoryHandlers({
            history,
            retention,
            saveRetention: (days) => saveRetentionDays(options.home, days),
            now: Date.now,
            purged: () => historyChanges.notify(),
          })
        : unavailableHistoryHandlers(),
    historyChanges,
  });
  const site = options.rendererDir ? createStaticSite(options.rendererDir) : undefined;

  const server = await listenLoopback({
    port: options.port,
    routes: [
      {
        path: BRIDGE_PATH,
        maxPayload: limits.maxFrameBytes,
        guard: (request, port) =>
          guardBridgeUpgrade(request, {
            port,
            token: stored.token,
            allowedOrigins,
            path: BRIDGE_PATH,
          }),
        onConnection: (socket) =>
          serveAgentConnection(socket, { registry, limits, consoleVersion: CONSOLE_VERSION }),
      },
      {
        path: CONSOLE_PATH,
        maxPayload: 1024 * 1024,
        guard: (request, port) => guardConsoleUpgrade(request, { port, path: CONSOLE_PATH }),
        onConnection: (socket) => serveConsoleChannel(socket, { service, token: consoleToken }),
      },
    ],
    onRequest: (request, response, port) => {
      if (site) {
        void site(request, response, port);
      } else {
        response.writeHead(404, { 'X-Content-Type-Options': 'nosniff' }).end();
      }
    },
  });
  const stopHeartbeat = startHeartbeat(server.sockets(BRIDGE_PATH), limits.heartbeatMs);

  discovery = { protocol: PROTOCOL_VERSION, port: server.port, pid: process.pid, token: stored.token };
  const discoveryPath = await writeDiscoveryFile(options.home, discovery);

  let closing: Promise<void> | undefined;
  return {
    port: server.port,
    registry,
    service,
    notifier,
    webUrl: `http://127.0.0.1:${server.port}/#token=${consoleToken}`,
    discoveryPath,
    warnings,
    close() {
      closing ??= (async () => {
        stopHeartbeat();
        await removeDiscoveryFile(discoveryPath, discovery, () =>
          readFile(join(options.home, DISCOVERY_FILE), 'utf8'),
        );
        notifier?.close();
        rules.close();
        registry.close();
        grants.close();
        retention?.close();
        historyChanges.close();
        await server.close();
        history?.close();
      })();
      return closing;
    },
  };
}

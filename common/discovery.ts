/**
 * Where the console announces itself, and how an agent reads the announcement: `GATEHOUSE_URL` +
 * `GATEHOUSE_TOKEN` from the environment (containers, SSH), else `bridge.json` in Gatehouse's home. Pure and
 * without zod: the lean hook and the SDK both read through these functions (the hook starts on every tool
 * call, and zod would double its start-up), and only the file reading and the process check are theirs.
 */
export const DISCOVERY_FILE = 'bridge.json';
export const BRIDGE_PATH = '/bridge';

export interface DiscoveryFile {
  readonly protocol: number;
  readonly port: number;
  readonly pid: number;
  readonly token: string;
}

export interface ConsoleEndpoint {
  readonly url: string;
  readonly token: string;
  readonly source: 'environment' | 'discovery-file';
}

export type Discovery =
  | { found: true; endpoint: ConsoleEndpoint }
  /**
   * `stale`: bridge.json names a console that is gone (a crash leaves it behind). `lasting`: the
   * environment names no usable console, so trying again cannot help.
   */
  | { found: false; reason: string; stale?: true; lasting?: true };

type Env = Readonly<Record<string, string | undefined>>;

export interface PlatformFacts {
  readonly env: Env;
  readonly platform: string;
  readonly homedir: string;
}

/** `$GATEHOUSE_HOME`, else the platform's per-user application folder. */
export function gatehouseHome({ env, platform, homedir }: PlatformFacts): string {
  const explicit = env.GATEHOUSE_HOME;
  if (explicit) return explicit;
  if (platform === 'darwin') return `${homedir}/Library/Application Support/Gatehouse`;
  if (platform === 'win32') return `${env.APPDATA ?? `${homedir}\\AppData\\Roaming`}\\Gatehouse`;
  return `${env.XDG_CONFIG_HOME || `${homedir}/.config`}/gatehouse`;
}

export function discoveryFilePath(facts: PlatformFacts): string {
  return `${gatehouseHome(facts)}${facts.platform === 'win32' ? '\\' : '/'}${DISCOVERY_FILE}`;
}

function lasting(reason: string): Discovery {
  return { found: false, reason, lasting: true };
}

/** The console the environment names, or undefined when it names none and bridge.json should be read. */
export function discoverFromEnvironment(env: Env): Discovery | undefined {
  const { GATEHOUSE_URL: address, GATEHOUSE_TOKEN: token } = env;
  if (!address && !token) return undefined;
  if (!address || !token) return lasting('GATEHOUSE_URL and GATEHOUSE_TOKEN must be set together.');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return lasting(`GATEHOUSE_URL "${address}" is not a URL.`);
  }
  if (url.protocol !== 'ws:')
    return lasting(`GATEHOUSE_URL "${address}" is not a ws:// address (the bridge is a WebSocket).`);
  if (url.pathname === '/' || url.pathname === '') url.pathname = BRIDGE_PATH;
  return { found: true, endpoint: { url: url.toString(), token, source: 'environment' } };
}

/** Why bridge.json could not be read, from the error's code and message. */
export function unreadableDiscoveryFile(file: string, error: { code?: string; message: string }): Discovery {
  return error.code === 'ENOENT'
    ? { found: false, reason: `No console is running (no ${file}).` }
    : { found: false, reason: `${file} cannot be read (${error.message}).` };
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** The announcement bridge.json holds, or undefined when it holds something else. */
function readDiscoveryFile(raw: unknown): DiscoveryFile | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { protocol, port, pid, token } = raw as Record<string, unknown>;
  if (
    !isWhole(protocol, 1, Number.MAX_SAFE_INTEGER) ||
    !isWhole(port, 1, 65_535) ||
    !isWhole(pid, 1, Number.MAX_SAFE_INTEGER) ||
    typeof token !== 'string' ||
    token.length < 16
  )
    return undefined;
  return { protocol, port, pid, token };
}

/**
 * The console bridge.json's text announces. `isRunning` says whether a process id exists: the handshake's
 * proof, not this, tells a console from a squatter; this only spares a dead console's port a connection.
 */
export function discoverFromFile(file: string, text: string, isRunning: (pid: number) => boolean): Discovery {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { found: false, reason: `${file} is not valid JSON; restart the console to rewrite it.` };
  }
  const announced = readDiscoveryFile(raw);
  if (!announced)
    return { found: false, reason: `${file} is not a Gatehouse discovery file; restart the console.` };
  if (!isRunning(announced.pid))
    return {
      found: false,
      stale: true,
      reason: `${file} is stale: the console that wrote it (pid ${announced.pid}) is gone; start it again.`,
    };
  return {
    found: true,
    endpoint: {
      url: `ws://127.0.0.1:${announced.port}${BRIDGE_PATH}`,
      token: announced.token,
      source: 'discovery-file',
    },
  };
}

/**
 * A private D-Bus session bus with an unlocked gnome-keyring on it, for tests that talk to a real Secret
 * Service through keytar. Nothing of the user's desktop is touched: the bus, the keyring files and the
 * daemons' HOME and XDG folders all live in one temp folder, and `stop()` ends both daemons.
 *
 * The steps, as a shell would run them (CI can do the same):
 *   dbus-daemon --session --nofork --nopidfile --print-address=1     # first stdout line: the bus address
 *   export DBUS_SESSION_BUS_ADDRESS=<that address> HOME=… XDG_DATA_HOME=… XDG_RUNTIME_DIR=… (0700)
 *   printf %s "$PASSWORD" | gnome-keyring-daemon --daemonize --unlock --components=secrets
 *   dbus-send --session --print-reply=literal --dest=org.freedesktop.secrets \
 *     /org/freedesktop/secrets/collection/login org.freedesktop.DBus.Properties.Get \
 *     string:org.freedesktop.Secret.Collection string:Locked                 # must print "boolean false"
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requirePrograms } from '../support/require-programs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { isMainThread } from 'node:worker_threads';

export interface KeyringSession {
  /** The private bus, as DBUS_SESSION_BUS_ADDRESS takes it. */
  readonly address: string;
  /** The environment a child process needs to use this keyring. */
  readonly env: NodeJS.ProcessEnv;
  /** Locks the login keyring, as a desktop does on screen lock; unlocking again would need a prompt. */
  lockLoginKeyring(): Promise<void>;
  stop(): Promise<void>;
}

/** The programs the session needs, each with the Debian package that provides it. */
const PROGRAMS = {
  'dbus-daemon': 'dbus-daemon (pulled in by dbus)',
  'dbus-send': 'dbus-bin (pulled in by dbus)',
  'gnome-keyring-daemon': 'gnome-keyring',
} as const;

const LOGIN_COLLECTION = '/org/freedesktop/secrets/collection/login';

/** Unlocks the throwaway login keyring; it protects nothing but test entries. */
const KEYRING_PASSWORD = 'gatehouse-test';

export async function startKeyringSession(): Promise<KeyringSession> {
  requirePrograms(PROGRAMS, 'the keychain system tests');

  const root = await mkdtemp(join(tmpdir(), 'gatehouse-keyring-'));
  const folders = {
    HOME: join(root, 'home'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_CACHE_HOME: join(root, 'cache'),
    XDG_RUNTIME_DIR: join(root, 'run'),
  };
  for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true, mode: 0o700 });
  // A clean environment, so no DISPLAY, desktop bus or keyring of the person running the tests leaks in.
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...folders };

  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
    env: base,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let keyringPid: number | undefined;
  const stop = async () => {
    if (keyringPid !== undefined) endProcess(keyringPid);
    if (bus.exitCode === null && bus.signalCode === null) {
      const exited = new Promise((done) => bus.once('exit', done));
      bus.kill('SIGTERM');
      await exited;
    }
    await rm(root, { recursive: true, force: true });
  };

  try {
    const address = await firstLine(bus, 'dbus-daemon');
    const env: NodeJS.ProcessEnv = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
    // --daemonize returns once the daemon has set up its control socket; the keyring files are created and
    // unlocked with the password read from stdin.
    await run(
      'gnome-keyring-daemon',
      ['--daemonize', '--unlock', '--components=secrets'],
      env,
      KEYRING_PASSWORD,
    );
    // The daemon may not own its bus name yet; this call waits for it (D-Bus starts the Secret Service on
    // demand, which joins the daemon above), so no polling is needed. It also proves the login keyring is
    // there and unlocked, which is what keytar writes to.
    const locked = await run(
      'dbus-send',
      [
        '--session',
        '--print-reply=literal',
        '--dest=org.freedesktop.secrets',
        LOGIN_COLLECTION,
        'org.freedesktop.DBus.Properties.Get',
        'string:org.freedesktop.Secret.Collection',
        'string:Locked',
      ],
      env,
    );
    if (!/boolean false/.test(locked)) {
      throw new Error(
        `gnome-keyring started but its login keyring is not unlocked (it answered "${locked.trim()}").`,
      );
    }
    const owner = await run(
      'dbus-send',
      [
        '--session',
        '--print-reply=literal',
        '--dest=org.freedesktop.DBus',
        '/org/freedesktop/DBus',
        'org.freedesktop.DBus.GetConnectionUnixProcessID',
        'string:org.freedesktop.secrets',
      ],
      env,
    );
    const pid = Number(/uint32\s+(\d+)/.exec(owner)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0) {
      throw new Error(
        `The bus did not name the process that owns org.freedesktop.secrets (it answered "${owner.trim()}").`,
      );
    }
    keyringPid = pid;
    const lockLoginKeyring = async () => {
      await run(
        'dbus-send',
        [
          '--session',
          '--print-reply=literal',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          `array:objpath:${LOGIN_COLLECTION}`,
        ],
        env,
      );
    };
    return { address, env, lockLoginKeyring, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Points this process's D-Bus client at `address`. GDBus reads DBUS_SESSION_BUS_ADDRESS from the C
 * environment when it first connects and then keeps that connection for the life of the process, so this
 * must run before the first keytar call, and a test file sees one bus only. Under vitest's default `forks`
 * pool each test file is its own process and Node's process.env writes through to the C environment; in
 * a worker thread they do not, so that case is refused.
 */
export function useSessionBus(address: string | undefined): void {
  if (!isMainThread) {
    throw new Error(
      'The keychain system tests need their own process (vitest pool "forks"): D-Bus reads the bus address from the process environment, which a worker thread cannot change.',
    );
  }
  if (address === undefined) {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
  } else {
    process.env.DBUS_SESSION_BUS_ADDRESS = address;
  }
}

function firstLine(child: ChildProcessByStdio<null, Readable, Readable>, name: string): Promise<string> {
  return new Promise((done, fail) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      done(line.trim());
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`${name} exited (${code}) before it was ready: ${stderr.trim()}`)),
    );
  });
}

function run(program: string, args: readonly string[], env: NodeJS.ProcessEnv, input = ''): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(program, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    // A program that exits without reading its input (EPIPE) is judged by its exit code below.
    child.stdin.on('error', () => undefined);
    child.once('close', (code) =>
      code === 0
        ? done(stdout)
        : fail(new Error(`${program} ${args.join(' ')} failed (${code}): ${stderr.trim()}`)),
    );
    child.stdin.end(input);
  });
}

function endProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

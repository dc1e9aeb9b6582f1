/**
 * A real notification daemon for the notification system tests: Xvfb on a display of its own choosing, a
 * private D-Bus session bus, and dunst 1.9 on both, with a config written to a temp folder. Nothing of the
 * person's desktop is touched, and `stop()` ends every process it started (each in its own process group).
 *
 * The steps, as a shell would run them (CI runs exactly these through the tests):
 *   Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>display   # Xvfb picks a free display
 *   dbus-daemon --config-file=$ROOT/bus.conf --nofork --nopidfile --print-address=1   # no service activation
 *   export DISPLAY=:$(cat display) DBUS_SESSION_BUS_ADDRESS=<the printed address>
 *   dunst -config $ROOT/dunstrc          # dmenu = $ROOT/dmenu.sh, never-expiring notifications
 *   dunstctl count displayed             # answers once dunst owns org.freedesktop.Notifications
 *
 * dunst 1.9 cannot invoke an action by name from the command line. Its context menu (`dunstctl context`)
 * pipes one line per action ("#Approve (summary) [id,approve]") to the `dmenu` program and invokes the line
 * that program prints, so dmenu.sh records the menu and prints the line the test chose.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requirePrograms } from '../support/require-programs';

/** The programs the session needs, each with the Debian package that provides it. */
const PROGRAMS = {
  Xvfb: 'xvfb',
  'dbus-daemon': 'dbus-daemon (pulled in by dbus)',
  'dbus-send': 'dbus-bin (pulled in by dbus; dunstctl calls it)',
  dunst: 'dunst',
  dunstctl: 'dunst',
  'notify-send': 'libnotify-bin',
} as const;

export interface DunstNotification {
  readonly id: number;
  readonly appname: string;
  readonly summary: string;
  readonly body: string;
}

export interface DunstSession {
  /** The environment a child needs to reach this daemon (DISPLAY, DBUS_SESSION_BUS_ADDRESS, HOME …). */
  readonly env: NodeJS.ProcessEnv;
  /** How many notifications dunst shows now. */
  displayed(): Promise<number>;
  /** Notifications that were shown and have closed, newest first. */
  history(): Promise<DunstNotification[]>;
  /**
   * Opens dunst's context menu and returns its lines. With `pick`, the line that contains every one of
   * those strings is chosen, which invokes that action; without, nothing is chosen. Call it once per
   * notification: dunst refuses a second menu while it is still finishing the first.
   */
  contextMenu(pick?: readonly string[]): Promise<string[]>;
  stop(): Promise<void>;
}

/** Polls a condition the daemon reaches on its own; `what` names it in the failure. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  what: string,
  limitMs = 15_000,
): Promise<void> {
  const giveUp = Date.now() + limitMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > giveUp) throw new Error(`Gave up waiting for ${what} after ${limitMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startDunstSession(): Promise<DunstSession> {
  requirePrograms(PROGRAMS, 'the notification system tests');

  const root = await mkdtemp(join(tmpdir(), 'gatehouse-dunst-'));
  const folders = {
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
    XDG_RUNTIME_DIR: join(root, 'run'),
  };
  for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFiles(root);
  // A clean environment, so the person's own DISPLAY, bus and dunst config never leak in.
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8', ...folders };

  const started: ChildProcess[] = [];
  const stop = async () => {
    for (const child of started.reverse()) await endGroup(child);
    await rm(root, { recursive: true, force: true });
  };

  try {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'], {
      env: base,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    started.push(xvfb);
    // Xvfb writes the display it chose once it accepts clients.
    const display = `:${await firstLine(xvfb, xvfb.stdio[3] as NodeJS.ReadableStream, 'Xvfb')}`;

    const bus = spawn(
      'dbus-daemon',
      [`--config-file=${join(root, 'bus.conf')}`, '--nofork', '--nopidfile', '--print-address=1'],
      { env: base, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.push(bus);
    const address = await firstLine(bus, bus.stdout!, 'dbus-daemon');
    const env: NodeJS.ProcessEnv = { ...base, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: address };

    const dunst = spawn('dunst', ['-config', join(root, 'dunstrc')], {
      env,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(dunst);
    let dunstErrors = '';
    dunst.stderr!.on('data', (chunk: Buffer) => (dunstErrors += chunk.toString()));
    const dunstExited = exitOf(dunst);

    const dunstctl = (...args: string[]) => run('dunstctl', args, env);
    const displayed = async () => Number((await dunstctl('count', 'displayed')).trim());
    await waitFor(async () => {
      if (dunst.exitCode !== null)
        throw new Error(`dunst exited (${await dunstExited}): ${dunstErrors.trim()}`);
      return displayed().then(
        () => true,
        () => false,
      );
    }, 'dunst to own org.freedesktop.Notifications on the private bus');

    return {
      env,
      displayed,
      async history() {
        const parsed = JSON.parse(await dunstctl('history')) as {
          data: Array<Array<Record<string, { data: unknown }>>>;
        };
        return (parsed.data[0] ?? []).map((entry) => ({
          id: Number(entry.id?.data),
          appname: String(entry.appname?.data),
          summary: String(entry.summary?.data),
          body: String(entry.body?.data),
        }));
      },
      async contextMenu(pick = []) {
        const menuFile = join(root, 'menu.txt');
        await rm(menuFile, { force: true });
        await writeFile(join(root, 'pick'), pick.map((part) => `${part}\n`).join(''));
        await dunstctl('context');
        await waitFor(
          () =>
            readFile(menuFile, 'utf8').then(
              () => true,
              () => false,
            ),
          'dunst to hand its context menu to dmenu.sh',
        );
        return (await readFile(menuFile, 'utf8')).split('\n').filter(Boolean);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function writeFiles(root: string): Promise<void> {
  // Only what a test starts lives on this bus: no service files, so nothing is activated behind its back
  // (the system's dunst or gnome-keyring would otherwise start on the first call to their names).
  await writeFile(
    join(root, 'bus.conf'),
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${root}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  await writeFile(
    join(root, 'dunstrc'),
    `[global]
    dmenu = ${join(root, 'dmenu.sh')}
    notification_limit = 0
    history_length = 100
    sticky_history = yes
    idle_threshold = 0
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
`,
  );
  // Prints the first menu line that contains every line of the pick file (an empty pick file chooses
  // nothing), then publishes the menu by renaming it into place, so a test that sees menu.txt knows the
  // choice is made. dunst does not end the menu's last line with a newline, hence the `|| [ -n ]`.
  await writeFile(
    join(root, 'dmenu.sh'),
    `#!/bin/sh
dir='${root}'
cat > "$dir/menu.partial"
if [ -s "$dir/pick" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    chosen=yes
    while IFS= read -r part; do
      case "$line" in *"$part"*) ;; *) chosen=no ;; esac
    done < "$dir/pick"
    if [ "$chosen" = yes ]; then printf '%s\\n' "$line"; break; fi
  done < "$dir/menu.partial"
fi
mv "$dir/menu.partial" "$dir/menu.txt"
`,
    { mode: 0o755 },
  );
}

function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(code ?? signal))));
}

function firstLine(child: ChildProcess, stream: NodeJS.ReadableStream, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let out = '';
    stream.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end).trim());
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited (${code}) before it was ready: ${stderr.trim()}`)),
    );
  });
}

function run(program: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`${program} ${args.join(' ')} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Ends a process started with `detached: true` together with anything it started, and waits for it. */
async function endGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = exitOf(child);
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  await exited;
}

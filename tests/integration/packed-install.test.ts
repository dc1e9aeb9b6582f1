/**
 * The tarball `npm pack` makes, installed as a person installs it: into a fresh global prefix, then run as
 * `gatehouse` from a folder that has nothing to do with the checkout, with a home of its own: `serve`,
 * `install claude`, `doctor`, and a permission request through the hook that install wrote, answered at the
 * web console.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeTempDir } from '../support/temp-dir';
import { linkCode, webConsoleUrl } from '../support/web-console-url';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** npm fetches, unpacks and links some eighty packages: a ceiling for a loaded machine, not a speed check. */
const INSTALL_TIMEOUT_MS = 300_000;

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let prefix: string;
let elsewhere: string;
let home: string;
let serve: ChildProcess | undefined;

/**
 * The prebuilt native modules npm's install downloads for a person, made here from the checkout's own
 * build: this machine reaches the npm registry but not where those binaries are published, and compiling
 * SQLite from source would take minutes. prebuild-install takes them from the folder these variables name.
 */
async function localPrebuilds(dir: string): Promise<Record<string, string>> {
  await mkdir(dir);
  const env: Record<string, string> = {};
  for (const [name, binary, flavour] of [
    ['better-sqlite3', 'better_sqlite3.node', `node-v${process.versions.modules}`],
    ['keytar', 'keytar.node', 'napi-v3'],
  ] as const) {
    const root = dirname(require.resolve(`${name}/package.json`));
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
    const file = `${name}-v${version}-${flavour}-${process.platform}-${process.arch}.tar.gz`;
    await run('tar', ['czf', join(dir, file), '-C', root, `build/Release/${binary}`]);
    env[`npm_config_${name.replace(/-/g, '_')}_local_prebuilds`] = dir;
  }
  return env;
}

/** The person's environment: their PATH with the new prefix on it, and a home of the test's own. */
function personEnv(): NodeJS.ProcessEnv {
  return {
    PATH: [join(prefix, 'bin'), join(tmp.path, 'agents'), dirname(process.execPath), '/usr/bin', '/bin'].join(
      ':',
    ),
    HOME: home,
    // No keyring to reach: the console keeps its token in a private file under the home.
    XDG_RUNTIME_DIR: tmp.path,
  };
}

function gatehouse(...args: string[]) {
  return run(join(prefix, 'bin', 'gatehouse'), args, { cwd: elsewhere, env: personEnv() }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

beforeAll(async () => {
  if (!existsSync(resolve('out/cli/gatehouse.mjs')))
    throw new Error('This test packs the built CLI: run "npm run build" first.');
  tmp = await makeTempDir('gatehouse-packed-');
  prefix = join(tmp.path, 'prefix');
  elsewhere = join(tmp.path, 'elsewhere');
  home = join(tmp.path, 'home');
  await mkdir(elsewhere);
  await mkdir(home);
  // The build is already there; prepack would only build it again.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', tmp.path], {
    cwd: resolve('.'),
  });
  const tarball = join(tmp.path, packed.stdout.trim().split('\n').at(-1)!);
  await run(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    {
      cwd: elsewhere,
      env: {
        ...process.env,
        ...(await localPrebuilds(join(tmp.path, 'prebuilds'))),
        ...(existsSync('/usr/include/node') ? { npm_config_nodedir: '/usr' } : {}),
      },
      timeout: INSTALL_TIMEOUT_MS,
    },
  );
  // A supported Claude Code for doctor to find (tests/integration/doctor-agents.test.ts covers the others).
  await mkdir(join(tmp.path, 'agents'));
  await writeFile(join(tmp.path, 'agents', 'claude'), "#!/bin/sh\necho '2.1.328 (Claude Code)'\n");
  await chmod(join(tmp.path, 'agents', 'claude'), 0o755);
}, INSTALL_TIMEOUT_MS + 60_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((done) => serve!.once('exit', done));
    serve.kill('SIGTERM');
    await exited;
  }
  await tmp?.remove();
});

interface Frame {
  readonly type: string;
  readonly seq?: number;
  readonly result?: { readonly ok?: boolean; readonly value?: unknown };
}

/**
 * Answers the first request the web console lists with allow, as a person at the console would, then opens
 * Suggestions: the result of its list, which the bundled proposals worker works out.
 */
async function allowAtConsole(link: string): Promise<Frame['result']> {
  const url = new URL(link);
  const socket = new WebSocket(`ws://${url.host}/console`, { origin: url.origin });
  const frames: Frame[] = [];
  let arrived = () => undefined as void;
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    arrived();
  });
  /** The first frame that matches, waiting for the socket's next message until one does. */
  const frame = async (matches: (frame: Frame) => boolean): Promise<Frame> => {
    for (;;) {
      const found = frames.find(matches);
      if (found) return found;
      await new Promise<void>((done) => (arrived = done));
    }
  };
  await new Promise((done) => socket.once('open', done));
  try {
    socket.send(JSON.stringify({ type: 'auth', code: linkCode(link) }));
    await frame((f) => f.type === 'ready');
    for (let seq = 1; ; seq++) {
      socket.send(JSON.stringify({ type: 'invoke', seq, channel: 'queue:list', args: {} }));
      const listed = await frame((f) => f.type === 'result' && f.seq === seq);
      const [request] = (listed.result?.value ?? []) as Array<{ id: string }>;
      if (request) {
        const decide = { id: request.id, behavior: 'allow' };
        socket.send(JSON.stringify({ type: 'invoke', seq: seq + 1, channel: 'queue:decide', args: decide }));
        await frame((f) => f.type === 'result' && f.seq === seq + 1);
        socket.send(JSON.stringify({ type: 'invoke', seq: seq + 2, channel: 'proposals:list', args: {} }));
        return (await frame((f) => f.type === 'result' && f.seq === seq + 2)).result;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    socket.close();
  }
}

describe('gatehouse installed from the packed tarball', () => {
  it('serves, installs its hooks for Claude Code, says all is well, and carries a decision back', async () => {
    serve = spawn(join(prefix, 'bin', 'gatehouse'), ['serve', '--port', '0'], {
      cwd: elsewhere,
      env: personEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const link = await webConsoleUrl(serve);

    const installed = await gatehouse('install', 'claude');
    expect(installed.code).toBe(0);
    const doctor = await gatehouse('doctor');
    const lines = doctor.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^✓ claude: Claude Code 2\.1\.328 at /);
    // Only checks that passed, and notes on what is optional (the retry hook).
    expect(lines.filter((line) => !line.startsWith('✓ ') && !line.startsWith('ℹ '))).toEqual([]);
    expect(doctor.code).toBe(0);

    // The hook exactly as install wrote it into Claude Code's settings, spawned as Claude Code spawns it.
    const settings = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8')) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string; args: string[] }> }>>;
    };
    const handler = settings.hooks.PermissionRequest![0]!.hooks[0]!;
    const hook = spawn(handler.command, handler.args, {
      cwd: elsewhere,
      env: personEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    hook.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((done) => hook.once('exit', done));
    hook.stdin.end(
      JSON.stringify({
        session_id: 'packed-1',
        cwd: elsewhere,
        permission_mode: 'default',
        hook_event_name: 'PermissionRequest',
        tool_name: 'Bash',
        tool_input: { command: 'npm publish' },
      }),
    );
    const suggestions = await allowAtConsole(link);
    expect(await exited).toBe(0);
    // One allow proposes nothing yet; what matters is that the worker ran from the installed package.
    expect(suggestions).toEqual({ ok: true, value: { enabled: true, available: true, proposals: [] } });
    expect(JSON.parse(stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
  }, 120_000);
});

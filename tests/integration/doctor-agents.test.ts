/**
 * `gatehouse doctor` (built, run as a process) on the agent behind the hooks: whether `claude` or `codex` is
 * on the PATH, and the version found against the versions Gatehouse supports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

const CLI = resolve('out/cli/gatehouse.mjs');

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let bin: string;
beforeEach(async () => {
  if (!existsSync(CLI)) throw new Error('This test runs the built CLI: run "npm run build" first.');
  tmp = await makeTempDir();
  bin = join(tmp.path, 'bin');
  await mkdir(bin);
});
afterEach(() => tmp.remove());

/** A stand-in for the agent's program that answers `--version` as the real one does. */
async function program(name: string, versionLine: string) {
  await writeFile(join(bin, name), `#!/bin/sh\necho '${versionLine}'\n`);
  await chmod(join(bin, name), 0o755);
}

function doctor(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, 'doctor', ...args, '--cwd', tmp.path, '--home', tmp.path], {
    cwd: tmp.path,
    encoding: 'utf8',
    // /bin for the stand-ins' shell: neither agent lives there.
    env: { PATH: `${bin}:/bin`, HOME: tmp.path, GATEHOUSE_HOME: join(tmp.path, 'gh') },
  });
  const lines = run.stdout.split('\n');
  return { code: run.status, first: lines[0] };
}

describe('gatehouse doctor names the agent it finds', () => {
  it('says when claude is not on the PATH', () => {
    expect(doctor()).toEqual({
      code: 1,
      first:
        '✗ claude: "claude" is not on the PATH (Gatehouse supports Claude Code 2.1.139 or newer). Next: install Claude Code, or add the folder that holds "claude" to the PATH.',
    });
  });

  it('says which Claude Code it found, too old or supported', async () => {
    await program('claude', '2.1.138 (Claude Code)');
    expect(doctor().first).toBe(
      `✗ claude: Claude Code 2.1.138 at ${join(bin, 'claude')} is too old (Gatehouse supports Claude Code 2.1.139 or newer). Next: run "claude update".`,
    );
    await program('claude', '2.1.328 (Claude Code)');
    expect(doctor().first).toBe(
      `✓ claude: Claude Code 2.1.328 at ${join(bin, 'claude')} (Gatehouse supports Claude Code 2.1.139 or newer).`,
    );
  });

  it('says the same of codex for doctor codex', async () => {
    expect(doctor('codex')).toEqual({
      code: 1,
      first:
        '✗ codex: "codex" is not on the PATH (Gatehouse supports the Codex CLI 0.169.0 or newer). Next: install the Codex CLI, or add the folder that holds "codex" to the PATH.',
    });
    await program('codex', 'codex-cli 0.168.9');
    expect(doctor('codex').first).toMatch(
      /^✗ codex: the Codex CLI 0\.168\.9 at .*\/bin\/codex is too old \(Gatehouse supports the Codex CLI 0\.169\.0 or newer\)\. Next: update the Codex CLI/,
    );
    await program('codex', 'codex-cli 0.170.1');
    expect(doctor('codex').first).toBe(
      `✓ codex: the Codex CLI 0.170.1 at ${join(bin, 'codex')} (Gatehouse supports the Codex CLI 0.169.0 or newer).`,
    );
  });

  it('says when the program named with --codex cannot be run or tells no version', async () => {
    expect(doctor('codex', '--codex', join(tmp.path, 'no-codex')).first).toBe(
      `✗ codex: ${join(tmp.path, 'no-codex')} is not a program that can be run (Gatehouse supports the Codex CLI 0.169.0 or newer). Next: install the Codex CLI, or name it with --codex.`,
    );
    await program('codex', 'Codex');
    expect(doctor('codex').first).toBe(
      `✗ codex: ${join(bin, 'codex')} --version printed no version, so its version cannot be told (Gatehouse supports the Codex CLI 0.169.0 or newer). Next: check that "${join(bin, 'codex')} --version" runs.`,
    );
  });
});

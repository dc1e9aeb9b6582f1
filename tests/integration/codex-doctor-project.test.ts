/**
 * `gatehouse doctor codex` (built, run as a process from inside the project, as a person runs it) on whether
 * Codex trusts the project: Codex runs none of a project's own hooks and reads none of its config until it
 * does, and for a folder inside a Git repository it records the trust under the repository's root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

const CLI = resolve('out/cli/gatehouse.mjs');

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let codexHome: string;
let config: string;
let repo: string;
let project: string;
beforeEach(async () => {
  if (!existsSync(CLI)) throw new Error('This test runs the built CLI: run "npm run build" first.');
  tmp = await makeTempDir();
  codexHome = join(tmp.path, 'home', '.codex');
  config = join(codexHome, 'config.toml');
  repo = join(tmp.path, 'shop');
  project = join(repo, 'web');
  await mkdir(codexHome, { recursive: true });
  await mkdir(join(repo, '.git'), { recursive: true });
  await mkdir(project);
  await writeFile(config, 'model = "gpt-5.5"\n');
});
afterEach(() => tmp.remove());

function gatehouse(...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: project,
    encoding: 'utf8',
    env: {
      PATH: '/bin',
      HOME: join(tmp.path, 'home'),
      CODEX_HOME: codexHome,
      GATEHOUSE_HOME: join(tmp.path, 'gh'),
    },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Doctor with no Codex to ask, so it reads config.toml itself; the line it prints about the project. */
function projectLine() {
  const { code, stdout } = gatehouse('doctor', 'codex', '--codex', join(tmp.path, 'no-codex'));
  return { code, line: stdout.split('\n').find((line) => / codex project: /.test(line)) };
}

const step = () =>
  `run "codex" in ${project} and at "Trust this folder?" choose "Trust and continue" (inside a Git repository it trusts the root, ${repo}), or add [projects."${repo}"] trust_level = "trusted" to ${config}`;

describe('gatehouse doctor codex in a project Codex does not trust', () => {
  it('says Codex runs none of the project’s hooks or config until trusted, and how to trust it', () => {
    expect(gatehouse('install', 'codex').code).toBe(0);
    expect(projectLine().line).toBe(
      `✓ codex project: Codex does not trust the project ${repo} yet (no [projects."${repo}"] trust_level = "trusted" in ${config}), so it runs none of the project's own hooks and reads none of its config (${project}/.codex/); Gatehouse's hooks are the user's and do not need it. To trust the project: ${step()}.`,
    );
  });

  it('fails when Gatehouse’s hooks are the project’s, with the step as what to do next', () => {
    expect(gatehouse('install', 'codex', '--scope', 'project').code).toBe(0);
    const { code, line } = projectLine();
    expect(code).toBe(1);
    expect(line).toBe(
      `✗ codex project: Codex does not trust the project ${repo} yet (no [projects."${repo}"] trust_level = "trusted" in ${config}), so it runs none of the project's own hooks and reads none of its config (${project}/.codex/), Gatehouse's among them. Next: ${step()}.`,
    );
  });

  it('says so once the repository root is trusted, as "Trust and continue" records it', async () => {
    expect(gatehouse('install', 'codex', '--scope', 'project').code).toBe(0);
    await appendFile(config, `[projects."${repo}"]\ntrust_level = "trusted"\n`);
    expect(projectLine().line).toBe(
      `✓ codex project: Codex trusts ${repo} ([projects."${repo}"] trust_level = "trusted" in ${config}), so it runs the project's own hooks and reads its config.`,
    );
  });

  it('names the record to change when the project was marked untrusted', async () => {
    await appendFile(config, `[projects."${repo}"]\ntrust_level = "untrusted"\n`);
    expect(gatehouse('install', 'codex', '--scope', 'project').code).toBe(0);
    expect(projectLine().line).toBe(
      `✗ codex project: Codex records the project ${repo} as untrusted in ${config}, so it runs none of the project's own hooks and reads none of its config (${project}/.codex/), Gatehouse's among them. Next: change its trust_level to "trusted" under [projects."${repo}"] in ${config}.`,
    );
  });
});

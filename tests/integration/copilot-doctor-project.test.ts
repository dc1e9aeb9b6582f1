/**
 * `gatehouse doctor copilot` (built, run as a process from inside the project) on whether the GitHub
 * Copilot CLI loads the project's own hooks: on 1.0.102 it never asks about hooks as such, it loads
 * `.github/hooks/*.json` only in a folder it trusts (tests/agents/copilot.test.ts runs the binary on both).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

const CLI = resolve('out/cli/gatehouse.mjs');

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let copilotHome: string;
let config: string;
let repo: string;
let project: string;
beforeEach(async () => {
  if (!existsSync(CLI)) throw new Error('This test runs the built CLI: run "npm run build" first.');
  tmp = await makeTempDir();
  copilotHome = join(tmp.path, 'home', '.copilot');
  config = join(copilotHome, 'config.json');
  repo = join(tmp.path, 'shop');
  project = join(repo, 'web');
  await mkdir(copilotHome, { recursive: true });
  await mkdir(project, { recursive: true });
});
afterEach(() => tmp.remove());

function gatehouse(env: NodeJS.ProcessEnv, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: project,
    encoding: 'utf8',
    env: { PATH: '/bin', HOME: join(tmp.path, 'home'), GATEHOUSE_HOME: join(tmp.path, 'gh'), ...env },
  });
  return { code: run.status, stdout: run.stdout };
}

const projectLine = (env: NodeJS.ProcessEnv = {}) =>
  gatehouse(env, 'doctor', 'copilot')
    .stdout.split('\n')
    .find((line) => / copilot project: /.test(line));

const stepFor = () =>
  `run "copilot" in ${project} and at "Do you trust the files in this folder?" choose "Yes, and remember this folder for future sessions", or add "${project}" to "trustedFolders" in ${config}`;

describe('gatehouse doctor copilot on the project’s trust', () => {
  it('fails with the step when Gatehouse’s hook is the project’s and Copilot does not trust the folder', () => {
    expect(gatehouse({}, 'install', 'copilot', '--scope', 'project').code).toBe(0);
    const line = projectLine();
    expect(line).toContain(
      `Copilot does not trust ${project} yet (no folder holding it in "trustedFolders" in ${config}), so it skips the project's own hooks (${project}/.github/hooks/) without asking about them, Gatehouse's among them`,
    );
    expect(line).toContain(stepFor());
    expect(line).toMatch(/^✗/);
  });

  it('passes once a folder holding the project is trusted, naming it', async () => {
    expect(gatehouse({}, 'install', 'copilot', '--scope', 'project').code).toBe(0);
    await writeFile(config, JSON.stringify({ trustedFolders: ['/elsewhere', repo] }));
    expect(projectLine()).toMatch(
      new RegExp(
        `^✓ .*Copilot trusts ${repo} \\("trustedFolders" in ${config}\\), so it loads the project's own hooks`,
      ),
    );
  });

  it('says the step but passes when Gatehouse’s hook is the user’s, and passes under COPILOT_ALLOW_ALL=true', () => {
    expect(gatehouse({}, 'install', 'copilot').code).toBe(0);
    const line = projectLine();
    expect(line).toMatch(/^✓/);
    expect(line).toContain(
      `Gatehouse's hook is not the project's and does not need it. To trust the project: ${stepFor()}`,
    );
    expect(gatehouse({}, 'install', 'copilot', '--scope', 'project').code).toBe(0);
    expect(projectLine({ COPILOT_ALLOW_ALL: 'true' })).toMatch(/^✓ .*COPILOT_ALLOW_ALL=true/);
  });
});

// Installs the real agents the compatibility suite drives (tests/agents/), at the versions pinned in
// tests/agents/pins.json, into their cache. An agent already there at its version is kept. Fails loudly:
// the suite never skips an agent that could not be installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentCacheDir, agentCommand, readPins } from '../tests/agents/support/agent-cache';
import type { AgentCommand, AgentName, AgentPin } from '../tests/agents/support/agent-cache';

for (const [name, pin] of Object.entries(readPins()) as [AgentName, AgentPin][]) {
  const dir = agentCacheDir(pin);
  const agent = agentCommand(name, pin);
  if (versionOf(agent) !== pin.version) {
    rmSync(dir, { recursive: true, force: true });
    try {
      // --ignore-scripts: the wrapper's postinstall only copies the platform binary, which we call directly.
      execFileSync(
        'npm',
        [
          'install',
          '--prefix',
          dir,
          '--no-save',
          '--no-audit',
          '--no-fund',
          '--ignore-scripts',
          `${pin.package}@${pin.version}`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    } catch {
      fail(
        `npm could not install ${pin.package}@${pin.version} into ${dir}; check that the registry is reachable, then run "npm run agents:install" again.`,
      );
    }
  }
  const version = versionOf(agent);
  if (version !== pin.version)
    fail(
      `${agent.args.at(-1) ?? agent.command} reports version ${version ?? '(none)'} but tests/agents/pins.json pins ${pin.version}; delete ${dir} and run "npm run agents:install" again.`,
    );
  console.log(`${pin.package}@${pin.version}: ${agent.args.at(-1) ?? agent.command}`);
}

function versionOf(agent: AgentCommand): string | undefined {
  if (!existsSync(agent.args.at(-1) ?? agent.command)) return undefined;
  if (agent.packageJson) {
    try {
      return (JSON.parse(readFileSync(agent.packageJson, 'utf8')) as { version?: string }).version;
    } catch {
      return undefined;
    }
  }
  const home = mkdtempSync(join(tmpdir(), 'gatehouse-agent-version-'));
  try {
    const out = execFileSync(agent.command, [...agent.args, '--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { PATH: process.env.PATH, HOME: home, DISABLE_AUTOUPDATER: '1', ...agent.env },
      timeout: 60_000,
    });
    return /(\d+\.\d+\.\d+)/.exec(out)?.[1];
  } catch {
    return undefined;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function fail(sentence: string): never {
  console.error(`error: ${sentence}`);
  process.exit(1);
}

/**
 * Where the compatibility suite keeps the real agents: pinned in tests/agents/pins.json, installed by
 * `npm run agents:install` into a cache outside the app's dependencies, so a test run never downloads one.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface AgentPin {
  readonly package: string;
  readonly version: string;
}
export type AgentName = 'claude' | 'codex' | 'copilot' | 'claude-agent-acp' | 'gemini' | 'opencode';

export function readPins(): Record<AgentName, AgentPin> {
  return JSON.parse(readFileSync(resolve('tests/agents/pins.json'), 'utf8')) as Record<AgentName, AgentPin>;
}

/** `$GATEHOUSE_AGENT_CACHE`, else `~/.cache/gatehouse-test-agents`: one folder per package and version. */
export function agentCacheDir(pin: AgentPin, env: NodeJS.ProcessEnv = process.env): string {
  const root =
    env.GATEHOUSE_AGENT_CACHE ??
    join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gatehouse-test-agents');
  return join(root, `${pin.package.replace('/', '+')}@${pin.version}`);
}

export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Where the installed version is read for an agent that cannot print it. */
  readonly packageJson?: string;
  /** What the agent needs in its environment wherever it runs, its home aside. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Where Copilot unpacks the package its binary carries (235 MB, about 3 s) on its first start in a home:
 * one folder beside the agents, so the suite's fresh homes share one copy.
 */
export function copilotCacheDir(pin: AgentPin): string {
  return join(agentCacheDir(pin), 'xdg-cache');
}

/** How to start an installed agent. */
export function agentCommand(name: AgentName, pin: AgentPin): AgentCommand {
  const modules = join(agentCacheDir(pin), 'node_modules');
  switch (name) {
    case 'claude':
      // The native binary itself: the wrapper package only copies it into place from a postinstall we skip.
      return {
        command: join(modules, `${pin.package}-${process.platform}-${process.arch}`, 'claude'),
        args: [],
      };
    case 'codex':
      // Codex's own launcher finds its vendored binary and puts its helpers (rg) on PATH.
      return { command: process.execPath, args: [join(modules, pin.package, 'bin', 'codex.js')] };
    case 'copilot':
      // The native binary itself, as for Claude Code: the wrapper's loader only looks it up and spawns it.
      return {
        command: join(modules, `${pin.package}-${process.platform}-${process.arch}`, 'copilot'),
        args: [],
        env: { XDG_CACHE_HOME: copilotCacheDir(pin), COPILOT_AUTO_UPDATE: 'false' },
      };
    case 'claude-agent-acp':
      // An ACP agent speaks JSON-RPC on stdio and has no --version: its package.json says the version.
      return {
        command: process.execPath,
        args: [join(modules, pin.package, 'dist', 'index.js')],
        packageJson: join(modules, pin.package, 'package.json'),
      };
    case 'gemini':
      // One bundled script; run by this Node, as its bin shim would.
      return { command: process.execPath, args: [join(modules, pin.package, 'bundle', 'gemini.js')] };
    case 'opencode':
      // The native binary itself: the wrapper's bin is a stub its postinstall (skipped) replaces.
      return {
        command: join(modules, `opencode-${process.platform}-${process.arch}`, 'bin', 'opencode'),
        args: [],
        env: { OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1' },
      };
  }
}

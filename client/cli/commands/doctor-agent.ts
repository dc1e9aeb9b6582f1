/**
 * Doctor's first line for each agent: is its program on the PATH, and is it a version Gatehouse supports?
 * The hooks Gatehouse installs use what each agent added at these versions (docs/claude-code.md and
 * docs/codex.md say what), so an older agent ignores them or refuses the file.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { CliIo } from '../../../common/cli';
import type { Check } from './doctor-check';

export interface SupportedAgent {
  /** The check's name and the program looked for on the PATH. */
  readonly program: string;
  readonly label: string;
  /** The oldest version Gatehouse supports, as major, minor and patch. */
  readonly minimum: readonly [number, number, number];
  /** How a person brings an old one up to date. */
  readonly update: string;
}

export const CLAUDE_CODE: SupportedAgent = {
  program: 'claude',
  label: 'Claude Code',
  minimum: [2, 1, 139],
  update: 'run "claude update"',
};

export const CODEX_CLI: SupportedAgent = {
  program: 'codex',
  label: 'the Codex CLI',
  minimum: [0, 169, 0],
  update: 'update the Codex CLI ("npm install -g @openai/codex@latest", or how you installed it)',
};

export const COPILOT_CLI: SupportedAgent = {
  program: 'copilot',
  label: 'the GitHub Copilot CLI',
  minimum: [1, 0, 102],
  update: 'update the GitHub Copilot CLI ("copilot update", or "npm install -g @github/copilot@latest")',
};

export const OPENCODE: SupportedAgent = {
  program: 'opencode',
  label: 'OpenCode',
  minimum: [1, 18, 33],
  update: 'update OpenCode ("opencode upgrade", or "npm install -g opencode-ai@latest")',
};

const VERSION_TIMEOUT_MS = 15_000;

/** What running `<program> --version` told: its version, or why none could be read. */
export type ProgramVersion =
  | { readonly path: string; readonly version: readonly [number, number, number] }
  | { readonly path: string; readonly problem: string }
  | undefined;

/** The first `major.minor.patch` in a `--version` line: "2.1.139 (Claude Code)", "codex-cli 0.169.0". */
export function parseVersion(text: string): [number, number, number] | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function atLeast(version: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < minimum.length; i++)
    if ((version[i] ?? 0) !== minimum[i]) return (version[i] ?? 0) > minimum[i]!;
  return true;
}

/** The supported versions as a person reads them: "2.1.139 or newer". */
export function supported(agent: SupportedAgent): string {
  return `${agent.minimum.join('.')} or newer`;
}

/** Pure: the doctor line for what was found when looking for `program`. */
export function agentCheck(agent: SupportedAgent, found: ProgramVersion, program: string): Check {
  const name = agent.program;
  const wanted = `Gatehouse supports ${agent.label} ${supported(agent)}`;
  if (!found)
    return program.includes('/')
      ? {
          ok: false,
          name,
          text: `${program} is not a program that can be run (${wanted})`,
          next: `install ${agent.label}, or name it with --${agent.program}`,
        }
      : {
          ok: false,
          name,
          text: `"${program}" is not on the PATH (${wanted})`,
          next: `install ${agent.label}, or add the folder that holds "${program}" to the PATH`,
        };
  if ('problem' in found)
    return {
      ok: false,
      name,
      text: `${found.path} --version ${found.problem}, so its version cannot be told (${wanted})`,
      next: `check that "${found.path} --version" runs`,
    };
  const version = found.version.join('.');
  if (!atLeast(found.version, agent.minimum))
    return {
      ok: false,
      name,
      text: `${agent.label} ${version} at ${found.path} is too old (${wanted})`,
      next: agent.update,
    };
  return {
    ok: true,
    name,
    text: `${agent.label} ${version} at ${found.path} (${wanted})`,
  };
}

/** Where a shell would find `program`: itself when it names a path, else the first executable on the PATH. */
export function findProgram(program: string, env: CliIo['env'], cwd: string): string | undefined {
  const candidates = program.includes('/')
    ? [resolve(cwd, program)]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter((dir) => isAbsolute(dir))
        .map((dir) => join(dir, program));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** Runs `<path> --version` with the person's environment. */
export function readVersion(path: string, env: CliIo['env']): Promise<NonNullable<ProgramVersion>> {
  return new Promise((done) => {
    execFile(path, ['--version'], { env, timeout: VERSION_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout) => {
      const version = parseVersion(stdout);
      if (version) done({ path, version });
      else done({ path, problem: error ? `failed (${error.message.split('\n')[0]})` : 'printed no version' });
    });
  });
}

/** The doctor line for `agent`, looking for `program` (default: the agent's own name on the PATH). */
export async function agentProgramCheck(
  agent: SupportedAgent,
  env: CliIo['env'],
  program: string = agent.program,
): Promise<Check> {
  const path = findProgram(program, env, process.cwd());
  return agentCheck(agent, path === undefined ? undefined : await readVersion(path, env), program);
}

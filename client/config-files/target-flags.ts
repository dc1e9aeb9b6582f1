/** The flags `gatehouse install` and `gatehouse uninstall` share, and which agent they name. */
import { UsageError } from '../../common/cli';
import { parseFlags } from '../../files/cli-flags';

export const AGENTS = ['claude', 'codex', 'copilot', 'opencode'] as const;
export type AgentArg = (typeof AGENTS)[number];

export interface TargetFlags {
  readonly scope?: string;
  readonly 'dry-run'?: boolean;
  readonly cwd?: string;
  readonly home?: string;
  /** Install the hooks only, without pointing the agent's own telemetry at the console. */
  readonly 'no-telemetry'?: boolean;
  /** Claude Code only: add the PreToolUse http hook that lets an overturned refusal's retry through. */
  readonly 'retry-hook'?: boolean;
}

export interface TargetArgs {
  /** Undefined only with --help and no agent named. */
  readonly agent: AgentArg | undefined;
  readonly help: boolean;
  readonly flags: TargetFlags;
}

export function parseTargetFlags(argv: readonly string[]): TargetArgs {
  const { values, positionals } = parseFlags(
    argv,
    {
      scope: { type: 'string' },
      'dry-run': { type: 'boolean' },
      cwd: { type: 'string' },
      home: { type: 'string' },
      'no-telemetry': { type: 'boolean' },
      'retry-hook': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  const [agent, extra] = positionals;
  const help = values.help ?? false;
  if (agent === undefined) {
    if (help) return { agent: undefined, help, flags: values };
    throw new UsageError('name the agent: claude, codex, copilot or opencode');
  }
  if (!(AGENTS as readonly string[]).includes(agent))
    throw new UsageError(`unknown agent "${agent}"; it takes claude, codex, copilot or opencode`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (values['retry-hook'] && agent !== 'claude')
    throw new UsageError('--retry-hook is for Claude Code only: "gatehouse install claude --retry-hook"');
  // The hook's header takes the telemetry token from the env that the export writes.
  if (values['retry-hook'] && values['no-telemetry'])
    throw new UsageError(
      '--retry-hook needs the telemetry export that --no-telemetry leaves out, so give one or the other',
    );
  return { agent: agent as AgentArg, help, flags: values };
}

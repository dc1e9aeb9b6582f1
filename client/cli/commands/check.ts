/**
 * `gatehouse check`: evaluate one tool call against the rules, as the agent's engine would, and print the
 * decision with its provenance as one JSON object. Exit 0 whatever the decision; 2 for a bad argument or
 * a settings file that cannot be used.
 */
import { EXIT_USAGE, UsageError, usageError, type CliIo } from '../../../common/cli';
import {
  permissionModes,
  type Decision,
  type DecisionReason,
  type MemoryRule,
  type PermissionMode,
  type RuleBehavior,
} from '../../../engine';
import { checkToolCall } from '../../../engine/node';
import { parseFlags } from '../../../files/cli-flags';
import { buildContext, folderHelp, folderOptionSpec, SetupError } from './engine-setup';

const HELP = `Usage: gatehouse check --tool NAME [--input JSON] [options]

Evaluate one tool call against the permission rules and print the decision and why, as JSON:
  {"behavior":"allow|deny|ask","reason":{"type":…,"source":…,"rule":…,"file":…,"message":…},…}

Options:
  --tool NAME            The tool, e.g. Bash, Edit, WebFetch, mcp__github__get_issue (required)
  --input JSON           The tool's input as a JSON object, e.g. '{"command":"git status"}'; default: {}
${folderHelp}
  --add-dir DIR          A further working directory, as Claude Code's --add-dir or one added during the
                         session (resolved from --cwd); repeatable. Settings' additionalDirectories count too
  --mode MODE            ${permissionModes.join(', ')}; default: the settings' defaultMode, else default
  --allow RULE           An extra allow rule from the command line (cliArg); repeatable
  --deny RULE            An extra deny rule (cliArg); repeatable
  --ask RULE             An extra ask rule (cliArg); repeatable
  --headless             Nobody can answer a prompt: ask becomes deny unless a hook allows
  --hook-allow           A PermissionRequest hook allows whatever would ask
  -h, --help             Show this help

Exit status: 0 with a decision, 2 for a bad argument or an unusable settings file.
`;

export async function runCheck(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values } = parseFlags(argv, {
      ...folderOptionSpec,
      tool: { type: 'string' },
      input: { type: 'string' },
      mode: { type: 'string' },
      'add-dir': { type: 'string', multiple: true },
      allow: { type: 'string', multiple: true },
      deny: { type: 'string', multiple: true },
      ask: { type: 'string', multiple: true },
      headless: { type: 'boolean' },
      'hook-allow': { type: 'boolean' },
    });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    if (values.tool === undefined || values.tool === '')
      throw new UsageError('--tool is required, e.g. --tool Bash');
    const input = parseInput(values.input);
    const mode = modeOf(values.mode);
    const rules: MemoryRule[] = (['allow', 'deny', 'ask'] as const).flatMap((behavior: RuleBehavior) =>
      (values[behavior] ?? []).map((rule) => ({ source: 'cliArg' as const, behavior, rule })),
    );
    const hookAllows = values['hook-allow'] === true;
    const context = await buildContext(values, io.env, {
      rules,
      additionalDirectories: values['add-dir'] ?? [],
      ...(mode === undefined ? {} : { mode }),
      shouldAvoidPermissionPrompts: values.headless === true,
      // A hook that answers is consulted before the dialog, as on the coordinator's serial path.
      awaitAutomatedChecksBeforeDialog: hookAllows,
    });
    const decision = await checkToolCall(context, { toolName: values.tool, input }, { hookAllows });
    io.stdout(`${JSON.stringify(toOutput(decision), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof SetupError) {
      io.stderr(`gatehouse check: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr(usageError('check', error));
      return EXIT_USAGE;
    }
    throw error;
  }
}

function parseInput(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--input is not valid JSON; give an object such as '{"command":"ls"}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`--input must be a JSON object such as '{"command":"ls"}'`);
  }
  return value as Record<string, unknown>;
}

function modeOf(value: string | undefined): PermissionMode | undefined {
  if (value === undefined) return undefined;
  if (value === 'manual') return 'default';
  if ((permissionModes as readonly string[]).includes(value)) return value as PermissionMode;
  throw new UsageError(`--mode must be one of ${permissionModes.join(', ')}, not "${value}"`);
}

/** The output shape: the reason flattened to type, source, rule, file, path and message. */
export function toOutput(decision: Decision): Record<string, unknown> {
  return {
    behavior: decision.behavior,
    reason: flatReason(decision.reason),
    step: decision.step,
    nearMisses: decision.nearMisses.map((r) => ({
      rule: r.text,
      behavior: r.behavior,
      source: r.source,
      ...(r.file === undefined ? {} : { file: r.file, index: r.index }),
    })),
  };
}

function flatReason(reason: DecisionReason): Record<string, unknown> {
  switch (reason.type) {
    case 'rule':
      return {
        type: 'rule',
        source: reason.rule.source,
        rule: reason.rule.text,
        ...(reason.rule.file === undefined ? {} : { file: reason.rule.file, index: reason.rule.index }),
        ...(reason.otherRules?.length ? { otherRules: reason.otherRules.map((r) => r.text) } : {}),
        message: reason.message,
      };
    case 'mode':
      return { type: 'mode', mode: reason.mode, message: reason.message };
    case 'safetyCheck':
      return { type: 'safetyCheck', path: reason.path, message: reason.message };
    case 'workingDirectories':
      return {
        type: 'workingDirectories',
        path: reason.path,
        workingDirectories: reason.workingDirectories,
        message: reason.message,
      };
    case 'classifier':
      return {
        type: 'classifier',
        verdict: reason.verdict,
        confidence: reason.confidence,
        risk: reason.risk,
        message: reason.message,
      };
    default:
      return { type: reason.type, message: reason.message };
  }
}

export { runCheck as run };

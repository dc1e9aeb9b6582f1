/**
 * Why Codex asked, for its card: the turn's approval policy and sandbox (turn-settings.ts) and the
 * exec-policy rules that match the command, each with its file (rules-files.ts, exec-policy-check.ts).
 */
import type { CodexRuleMatch, CodexWhy } from '../../../common/queue-contract';
import type { PermissionRequest } from '../../../common/protocol';
import type { BashSupport } from '../../../engine';
import { checkRulesFile, CodexMissing } from './exec-policy-check';
import type { CodexProgram } from './exec-policy-check';
import { codexRulesFiles } from './rules-files';
import { readTurnSettings } from './turn-settings';

export interface CodexWhyOptions {
  readonly bash: BashSupport;
  readonly program: CodexProgram;
  /** Codex's user folder as the console sees it: `$CODEX_HOME`, else `~/.codex`. */
  readonly codexHome: string;
  /** A card waits for its explanation; a Codex that answers slower than this is reported, not awaited. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/** Each simple command is checked against each file; past these, the rest is not checked. */
const MAX_COMMANDS = 8;
const STRICTNESS: readonly CodexRuleMatch['decision'][] = ['allow', 'prompt', 'forbidden'];

/**
 * The commands Codex checks its rules against: each simple command of the shell line, with any wrapper
 * words in front as Codex sees them; the whole `bash -lc` line when it cannot be split.
 */
export function commandsOf(command: string, bash: BashSupport): string[][] {
  const analysis = bash.analyzer.analyze(command);
  if (!analysis.ok || analysis.subcommands.length === 0) return [['bash', '-lc', command]];
  return analysis.subcommands
    .slice(0, MAX_COMMANDS)
    .map((sub) => [...sub.wrappers.flatMap((wrapper) => wrapper.split(/\s+/)), ...sub.argv]);
}

export function strictest(rules: readonly CodexRuleMatch[]): CodexRuleMatch['decision'] {
  return rules.reduce<CodexRuleMatch['decision']>(
    (worst, rule) => (STRICTNESS.indexOf(rule.decision) > STRICTNESS.indexOf(worst) ? rule.decision : worst),
    'allow',
  );
}

async function execPolicyOf(
  request: PermissionRequest,
  options: CodexWhyOptions,
): Promise<CodexWhy['execPolicy']> {
  const command = typeof request.input.command === 'string' ? request.input.command : undefined;
  const files = await codexRulesFiles(options.codexHome, request.cwd);
  if (command === undefined || files.length === 0) return { state: 'none', files };
  const commands = commandsOf(command, options.bash);
  const env = { ...process.env, CODEX_HOME: options.codexHome };
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const found = await Promise.all(
      files.flatMap((file) =>
        commands.map((words) => checkRulesFile(options.program, file, words, env, stop.signal)),
      ),
    );
    const rules = found.flat();
    return rules.length ? { state: 'matched', decision: strictest(rules), rules } : { state: 'none', files };
  } catch (error) {
    stop.abort();
    if (error instanceof CodexMissing)
      return { state: 'unchecked', reason: 'not-installed', detail: programName(options.program) };
    if ((error as Error).name === 'AbortError') return { state: 'unchecked', reason: 'too-slow' };
    return { state: 'unchecked', reason: 'failed', detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const programName = (program: CodexProgram) => [program.command, ...program.args].join(' ');

export function createCodexWhy(options: CodexWhyOptions) {
  return async function codexWhy(request: PermissionRequest): Promise<CodexWhy> {
    const [settings, execPolicy] = await Promise.all([
      request.transcriptPath ? readTurnSettings(request.transcriptPath, request.turnId) : undefined,
      execPolicyOf(request, options),
    ]);
    return {
      ...(settings?.approvalPolicy ? { approvalPolicy: settings.approvalPolicy } : {}),
      ...(settings?.sandbox ? { sandbox: settings.sandbox } : {}),
      execPolicy,
    };
  };
}

export type CodexWhyExplainer = ReturnType<typeof createCodexWhy>;
